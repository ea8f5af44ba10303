import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { subMinutes } from "date-fns";
import { bookingIdOf } from "@shared/booking";
import type { Actor, RefundState } from "@shared/manage";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { GatewayError, type GatewayRefund, type PaymentGateway } from "../../integrations/payments/gateway";
import * as appointments from "../../core/appointments/repository";
import type { AppointmentRow } from "../../core/appointments/repository";
import * as repository from "../../core/appointments/refund-records";
import type { RefundRow } from "../../core/appointments/refund-records";
import type { ClinicCounters } from "../../core/metrics/counters";

/**
 * Refunds end to end. A refund is decided in the transaction that causes it (a cancellation, a refused late
 * payment): a `refunds` row in state `pending` with our own refund id. It is then asked of the gateway; the gateway's
 * answer, its REFUND_STATUS webhook or the sweeper's poll moves it to `succeeded` or `failed`. A request that never
 * reached the gateway is sent again under the same id, which the gateway treats as the same refund.
 */
interface RefundContext {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  now: Date;
  counters: ClinicCounters;
}

interface RefundDecision {
  amount: number;
  reason: string;
  initiatedBy: Actor;
}

/** Our refund ids: 3-40 characters; the appointment's id and a counter, so each refund of a booking has its own. */
function refundIdFor(appointmentId: string, ordinal: number): string {
  return `rf_${appointmentId.replaceAll("-", "")}_${ordinal}`;
}

/**
 * Records a refund in the caller's transaction (the appointment row must be locked by it) and marks the payment
 * as being refunded. Nothing is sent here: call `submitRefund` once the transaction has committed.
 */
export async function recordRefund(
  tx: Db,
  appointment: AppointmentRow,
  decision: RefundDecision,
  now: Date,
): Promise<RefundRow> {
  if (!appointment.orderId) throw new Error(`Appointment ${appointment.id} has no payment order to refund`);
  const existing = await repository.refundsOf(tx, appointment.id);
  const refund = await repository.insertRefund(tx, {
    refundId: refundIdFor(appointment.id, existing.length + 1),
    appointmentId: appointment.id,
    orderId: appointment.orderId,
    amount: decision.amount,
    reason: decision.reason,
    initiatedBy: decision.initiatedBy,
    createdAt: now,
    updatedAt: now,
  });
  await appointments.recordEvent(tx, "refund_requested", appointment.id, {
    actor: decision.initiatedBy,
    refundId: refund.refundId,
    amount: refund.amount,
  });
  await settlePaymentStatus(tx, appointment.id, now);
  return refund;
}

/**
 * The payment's state from its refunds: `refund_pending` while any is open (pending, or failed and awaiting a
 * retry), else `refunded` when everything paid went back, `partially_refunded` when part of it did.
 */
async function settlePaymentStatus(db: Db, appointmentId: string, now: Date): Promise<void> {
  const row = await appointments.findAppointment(db, appointmentId);
  if (!row) return;
  const totals = await repository.refundTotals(db, appointmentId);
  if (totals.committed === 0) return;
  const paid = row.paidAmount ?? row.amount;
  const paymentStatus =
    totals.open > 0 ? "refund_pending" : totals.succeeded >= paid ? "refunded" : "partially_refunded";
  await appointments.updateAppointment(db, appointmentId, {
    paymentStatus,
    refundAmount: totals.committed,
    updatedAt: now,
  });
}

/** Asks the gateway for a recorded refund and applies its answer; a request that fails is left for the sweeper. */
export async function submitRefund(ctx: RefundContext, refund: RefundRow): Promise<void> {
  try {
    const answer = await ctx.gateway.refund({
      orderId: refund.orderId,
      refundId: refund.refundId,
      amount: refund.amount,
      note: `Refund for booking ${bookingIdOf(refund.appointmentId)}`,
    });
    await applyRefundStatus(ctx, answer, { requested: true });
  } catch (error) {
    ctx.log.error(
      { err: error, refundId: refund.refundId },
      "refund request did not reach the gateway; it will be retried",
    );
    ctx.counters.refundFailed("unreachable");
    await repository.updateRefund(ctx.db, refund.id, {
      attempts: refund.attempts + 1,
      failureReason: error instanceof Error ? error.message.slice(0, 500) : "The refund request failed",
      updatedAt: ctx.now,
    });
  }
}

function stateOf(gatewayStatus: string): RefundState {
  if (gatewayStatus === "SUCCESS") return "succeeded";
  if (gatewayStatus === "FAILED" || gatewayStatus === "CANCELLED") return "failed";
  return "pending";
}

/**
 * Applies what the gateway says of a refund (its answer, a webhook or a poll). A final state is never changed
 * again, so a late or repeated webhook cannot undo a success. Answers whether anything changed.
 */
export async function applyRefundStatus(
  ctx: RefundContext,
  answer: GatewayRefund,
  options: { requested?: boolean } = {},
): Promise<boolean> {
  const settled = await ctx.db.transaction(async (tx): Promise<RefundState | undefined> => {
    const refund = await repository.lockRefund(tx, answer.refundId);
    if (!refund || refund.state !== "pending") return undefined;
    const state = stateOf(answer.status);
    await repository.updateRefund(tx, refund.id, {
      state,
      gatewayStatus: answer.status.slice(0, 20),
      ...(answer.gatewayRefundId ? { gatewayRefundId: answer.gatewayRefundId.slice(0, 64) } : {}),
      ...(options.requested ? { requested: true, attempts: refund.attempts + 1 } : { requested: true }),
      failureReason: state === "failed" ? (answer.message ?? `The gateway reported ${answer.status}`) : null,
      completedAt: state === "pending" ? null : ctx.now,
      updatedAt: ctx.now,
    });
    if (state !== "pending") {
      await appointments.recordEvent(
        tx,
        state === "succeeded" ? "refund_succeeded" : "refund_failed",
        refund.appointmentId,
        {
          actor: "system",
          refundId: refund.refundId,
          amount: refund.amount,
        },
      );
    }
    await settlePaymentStatus(tx, refund.appointmentId, ctx.now);
    return state;
  });
  // Counted once the change is committed: a final state is written once, so each refund is counted once.
  if (settled === "succeeded") ctx.counters.bookings("refunded");
  if (settled === "failed") ctx.counters.refundFailed("rejected");
  return settled !== undefined;
}

/**
 * The sweeper's part: every pending refund untouched for a minute is asked about, and sent again only when the
 * gateway has never heard of it. A refund not marked as requested may still have reached the gateway (the process
 * stopped between the gateway's answer and our write), so it is asked about first: sending it blindly again would
 * pay it twice at a gateway that does not key refunds by id.
 */
export async function sweepRefunds(ctx: RefundContext): Promise<number> {
  const open = await repository.pendingRefunds(ctx.db, subMinutes(ctx.now, 1), 20);
  for (const refund of open) {
    try {
      const answer = await ctx.gateway.fetchRefund(refund.orderId, refund.refundId);
      const changed = await applyRefundStatus(ctx, answer, refund.requested ? {} : { requested: true });
      if (!changed || stateOf(answer.status) === "pending")
        await repository.updateRefund(ctx.db, refund.id, { updatedAt: ctx.now });
    } catch (error) {
      if (!refund.requested && isUnknownRefund(error)) {
        await submitRefund(ctx, refund);
        continue;
      }
      ctx.log.warn({ err: error, refundId: refund.refundId }, "could not ask the gateway about a refund");
      await repository.updateRefund(ctx.db, refund.id, { updatedAt: ctx.now });
    }
  }
  return open.length;
}

/** The gateway's "no such refund" (404): the request never reached it, so sending it is safe. */
function isUnknownRefund(error: unknown): boolean {
  return error instanceof GatewayError && error.statusCode === 404;
}

/**
 * The doctor's retry of a failed refund. The gateway keeps a failed refund id as used, so the retry goes out under a
 * new id (the old one stays in the history); the amount and reason stay.
 */
export async function retryRefund(ctx: RefundContext, refundId: string): Promise<RefundRow> {
  const retried = await ctx.db.transaction(async (tx) => {
    const refund = await repository.lockRefund(tx, refundId);
    if (!refund) throw new HttpError(404, "Refund not found");
    if (refund.state !== "failed") throw new HttpError(409, "Only a failed refund can be retried.");
    const updated = await repository.updateRefund(tx, refund.id, {
      // A fresh random id: counting would collide with the next refund of the same booking.
      refundId: `rr_${randomBytes(16).toString("hex")}`,
      state: "pending",
      requested: false,
      gatewayStatus: null,
      failureReason: null,
      completedAt: null,
      updatedAt: ctx.now,
    });
    await appointments.recordEvent(tx, "refund_retried", refund.appointmentId, {
      actor: "doctor",
      refundId: updated.refundId,
      previousRefundId: refund.refundId,
      amount: refund.amount,
    });
    await settlePaymentStatus(tx, refund.appointmentId, ctx.now);
    return updated;
  });
  await submitRefund(ctx, retried);
  return (await repository.findRefund(ctx.db, retried.refundId)) ?? retried;
}
