import type { FastifyBaseLogger } from "fastify";
import { isLanguage, languagePrefix } from "@shared/i18n/languages";
import { addMinutes, addSeconds, max, subMinutes } from "date-fns";
import { appointmentInterval } from "@shared/schedule";
import { bookingIdOf, type CreatedOrder, type PaymentVerification, type RefundReason } from "@shared/booking";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { HttpError } from "../../http/errors";
import {
  GatewayError,
  type GatewayPayment,
  type PaymentGateway,
  type PaymentWebhookEvent,
} from "../../integrations/payments/gateway";
import * as appointments from "../../core/appointments/repository";
import type { AppointmentRow } from "../../core/appointments/repository";
import { enqueueConfirmationMessages, enqueueRefundMessages } from "../../core/outbox/enqueue";
import { isSlotStillOffered } from "../schedule/service";
import { newVideoRoom, roomLinks } from "../../core/appointments/video-links";
import { issueResultPageLink } from "../../core/appointments/manage-links";
import { paymentOutcome, refundFacts } from "../../core/appointments/payment-facts";
import { nextReceiptNumber } from "../../core/appointments/receipt-number";
import type { RefundRow } from "../../core/appointments/refund-records";
import { applyRefundStatus, recordRefund, submitRefund, sweepRefunds } from "./refunds";
import * as receipts from "./repository";
import type { ClinicCounters } from "../../core/metrics/counters";

/**
 * Payments for appointments: creating the gateway order, and confirming a booking only when the gateway itself
 * says it is paid (the verify call or a signed webhook). Confirmation is one transaction and idempotent; the
 * `appointment_confirmed` event is written in that same transaction.
 */
interface PaymentContext {
  db: Db;
  config: Config;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  now: Date;
  counters: ClinicCounters;
}

const HOLD_LAPSED_MESSAGE =
  "The time to pay for this booking has run out. Please start the booking again to choose a time.";

/** Cashfree order ids: 3-45 characters of letters, digits, '_' and '-'. One order per appointment. */
function orderIdFor(appointmentId: string): string {
  return `bk_${appointmentId.replaceAll("-", "")}`;
}

/** Where the gateway sends the parent back: the payment result page in the booking's language. */
function returnUrlFor(baseUrl: string, orderId: string, language: string): string {
  const prefix = isLanguage(language) ? languagePrefix(language) : "";
  return `${baseUrl}${prefix}/payment/callback?order_id=${encodeURIComponent(orderId)}`;
}

function isHoldLive(row: AppointmentRow, now: Date): boolean {
  return row.status === "pending_payment" && row.holdExpiresAt > now;
}

function createdOrder(ctx: PaymentContext, row: AppointmentRow): CreatedOrder {
  const orderId = row.orderId ?? "";
  return {
    orderId,
    paymentSessionId: row.paymentSessionId ?? "",
    provider: ctx.gateway.name,
    mode: ctx.gateway.mode,
    amount: row.amount,
    ...(ctx.gateway.name === "simulator"
      ? { checkoutUrl: `/payment/simulator/${encodeURIComponent(orderId)}` }
      : {}),
  };
}

/** Creates the gateway order for a held appointment; a second call answers the same live order. */
export async function createOrder(
  ctx: PaymentContext,
  appointmentId: string,
  requestBaseUrl: string,
): Promise<CreatedOrder> {
  const row = await appointments.findAppointment(ctx.db, appointmentId);
  if (!row) throw new HttpError(404, "Appointment not found");
  if (row.status === "confirmed" || row.status === "completed")
    throw new HttpError(409, "This booking is already paid and confirmed.");
  if (row.status === "cancelled")
    throw new HttpError(409, "This booking was cancelled. Please start a new booking to choose a time.");
  if (!isHoldLive(row, ctx.now)) throw new HttpError(409, HOLD_LAPSED_MESSAGE);
  if (row.orderId && row.paymentSessionId) return createdOrder(ctx, row);

  const orderId = orderIdFor(row.id);
  const baseUrl = ctx.config.publicBaseUrl ?? requestBaseUrl;
  const httpsBase = ctx.config.publicBaseUrl?.startsWith("https://") ? ctx.config.publicBaseUrl : undefined;
  let order;
  try {
    order = await ctx.gateway.createOrder({
      orderId,
      amount: row.amount,
      currency: "INR",
      customer: {
        id: row.id.replaceAll("-", ""),
        name: row.patientName,
        email: row.patientEmail,
        phone: row.patientPhone,
      },
      returnUrl: returnUrlFor(baseUrl, orderId, row.language),
      ...(httpsBase ? { notifyUrl: `${httpsBase}/api/payments/webhook` } : {}),
      // The gateway may want a longer life than the hold; a payment after the hold lapsed is handled on arrival.
      expiresAt: max([row.holdExpiresAt, addMinutes(ctx.now, 20)]),
      note: `Video consultation ${bookingIdOf(row.id)} on ${row.appointmentDate} ${row.appointmentTime}`,
    });
  } catch (error) {
    if (error instanceof GatewayError) {
      ctx.log.warn({ err: error, orderId }, "payment gateway refused to create the order");
      throw new HttpError(502, `The payment provider could not start the payment: ${error.message}`);
    }
    throw error;
  }
  const updated = await appointments.updateAppointment(ctx.db, row.id, {
    orderId: order.orderId,
    paymentSessionId: order.paymentSessionId,
    gateway: ctx.gateway.name,
    updatedAt: ctx.now,
  });
  return createdOrder(ctx, updated);
}

type SuccessOutcome = { kind: "confirmed" | "unchanged" } | { kind: "refund"; refund: RefundRow };

/**
 * Applies a successful payment. A held appointment is confirmed. One whose hold lapsed, or whose checkout was
 * dropped and closed before this payment still went through, is confirmed when its slot is still free; when someone
 * else has the slot (or the amount is wrong), the appointment is cancelled, a full refund is requested and the
 * patient is told so. Applying the same payment again changes nothing.
 */
async function applyPaymentSuccess(
  ctx: PaymentContext,
  orderId: string,
  payment: GatewayPayment,
): Promise<void> {
  const outcome = await ctx.db.transaction(async (tx): Promise<SuccessOutcome> => {
    const row = await appointments.lockAppointmentByOrder(tx, orderId);
    if (!row || (row.paymentStatus !== "pending" && row.paymentStatus !== "failed"))
      return { kind: "unchanged" };
    const paid = {
      paymentStatus: "paid",
      paidAmount: payment.amount,
      gatewayPaymentId: payment.paymentId,
      paidAt: ctx.now,
      updatedAt: ctx.now,
    };

    if (payment.amount < row.amount) {
      return {
        kind: "refund",
        refund: await markForRefund(tx, ctx, row, paid, {
          reason: "underpaid",
          note: `Paid ₹${payment.amount} instead of ₹${row.amount}; refunded in full.`,
        }),
      };
    }
    // Leave, changed hours or a blocked time taken while the parent paid: the doctor is not available then.
    if (!(await isSlotStillOffered(tx, ctx.config, row, ctx.now))) {
      return {
        kind: "refund",
        refund: await markForRefund(tx, ctx, row, paid, {
          reason: "doctor_unavailable",
          note: "Paid for a time the doctor is no longer available (leave, changed hours or a blocked time). Full refund requested.",
        }),
      };
    }
    if (row.status === "pending_payment") {
      await confirm(tx, ctx, row, paid);
      return { kind: "confirmed" };
    }
    // The hold lapsed and the slot was released: take it back if nobody else has it.
    try {
      await tx.transaction(async (savepoint) => confirm(savepoint, ctx, row, paid));
      ctx.log.info({ orderId }, "late payment confirmed: the slot was still free");
      return { kind: "confirmed" };
    } catch (error) {
      // A follow-up whose consultation's follow-up was booked again meanwhile (by the parent after the hold lapsed,
      // or replaced by a booking with changed details) cannot be confirmed either: its payment goes back in full.
      if (isUniqueViolation(error, "appointments_one_follow_up_idx")) {
        const note =
          "Paid after the payment time ran out, when this consultation's follow-up had been booked again. Full refund requested.";
        return {
          kind: "refund",
          refund: await markForRefund(tx, ctx, row, paid, { reason: "slot_taken", note }),
        };
      }
      if (!isUniqueViolation(error, "appointments_active_slot_idx")) throw error;
      const note =
        "Paid after the payment time ran out, when the slot had been booked by another patient. Full refund requested.";
      return {
        kind: "refund",
        refund: await markForRefund(tx, ctx, row, paid, { reason: "slot_taken", note }),
      };
    }
  });
  if (outcome.kind === "confirmed") ctx.counters.bookings("confirmed");
  if (outcome.kind === "refund") await submitRefund(ctx, outcome.refund);
}

/**
 * Confirms the booking, gives it its video room (random ids, never derived from the appointment id), and writes the
 * messages it causes, all in the caller's transaction: a confirmed booking without its messages cannot exist.
 */
async function confirm(
  db: Db,
  ctx: Pick<PaymentContext, "config" | "now">,
  row: AppointmentRow,
  paid: Partial<AppointmentRow>,
): Promise<AppointmentRow> {
  const free = paid.paidAmount === 0;
  const confirmed = await appointments.updateAppointment(db, row.id, {
    ...paid,
    status: "confirmed",
    statusNote: null,
    // A room made once stays: links already sent keep working.
    ...(row.videoRoomId && row.videoHostKey ? {} : newVideoRoom()),
    // A free follow-up has no fee, so no fee receipt.
    receiptNumber:
      row.receiptNumber ?? (free ? null : await nextReceiptNumber(db, ctx.now, ctx.config.booking.timeZone)),
  });
  await appointments.recordEvent(
    db,
    "appointment_confirmed",
    row.id,
    free ? { free: true } : { orderId: row.orderId },
  );
  await enqueueConfirmationMessages(db, ctx.config, confirmed, ctx.now);
  return confirmed;
}

/**
 * Confirms a booking that costs nothing (a free follow-up) in the booking's own transaction: there is no payment to
 * wait for, and the gateway takes no order of ₹0. Its messages are the confirmation's, as after a payment.
 */
export async function confirmWithoutPayment(
  tx: Db,
  config: Config,
  row: AppointmentRow,
  now: Date,
): Promise<AppointmentRow> {
  if (row.amount !== 0) throw new Error("Only a booking that costs nothing is confirmed without a payment");
  return confirm(tx, { config, now }, row, {
    paymentStatus: "paid",
    paidAmount: 0,
    paidAt: now,
    updatedAt: now,
  });
}

/**
 * Cancels the appointment for a full refund and queues the patient's e-mail and WhatsApp message saying so, in the
 * caller's transaction: a refund decided without its message cannot exist.
 */
async function markForRefund(
  db: Db,
  ctx: PaymentContext,
  row: AppointmentRow,
  paid: Partial<AppointmentRow>,
  { reason, note }: { reason: RefundReason; note: string },
): Promise<RefundRow> {
  const updated = await appointments.updateAppointment(db, row.id, {
    ...paid,
    status: "cancelled",
    statusNote: note,
    paymentRefundReason: reason,
  });
  await appointments.recordEvent(db, "appointment_refund_requested", row.id, {
    actor: "system",
    orderId: row.orderId,
    reason,
  });
  const refund = await recordRefund(
    db,
    updated,
    { amount: paid.paidAmount ?? row.amount, reason: note, initiatedBy: "system" },
    ctx.now,
  );
  const refunding = (await appointments.findAppointment(db, row.id)) ?? updated;
  await enqueueRefundMessages(db, refunding, ctx.now);
  return refund;
}

/**
 * A declined or abandoned payment frees the slot at once, so the next visitor can book it, and closes the gateway
 * order, so the same checkout cannot be paid later for a slot that is no longer held. `orderStillOpen` (the gateway
 * said ACTIVE) closes it also when the booking had been released before, for example by a lapsed hold.
 */
async function applyPaymentFailure(
  ctx: PaymentContext,
  orderId: string,
  options: { orderStillOpen?: boolean } = {},
): Promise<void> {
  const released = await ctx.db.transaction(async (tx) => {
    const row = await appointments.lockAppointmentByOrder(tx, orderId);
    if (!row || row.status !== "pending_payment" || row.paymentStatus !== "pending") return false;
    await appointments.updateAppointment(tx, row.id, {
      status: "cancelled",
      paymentStatus: "failed",
      updatedAt: ctx.now,
    });
    return true;
  });
  if (released || options.orderStillOpen) await closeOrder(ctx, orderId);
}

/**
 * Asks the gateway to terminate the order. Best effort: should it fail, or should an attempt already in flight
 * still succeed (TERMINATION_REQUESTED), that payment arrives later and is handled as a late payment (confirmed if
 * the slot is still free, refunded otherwise), so no money is ever kept for nothing.
 */
async function closeOrder(ctx: PaymentContext, orderId: string): Promise<void> {
  try {
    const result = await ctx.gateway.terminateOrder(orderId);
    ctx.log.info({ orderId, orderStatus: result.orderStatus }, "payment order closed after a failed payment");
  } catch (error) {
    ctx.log.warn(
      { err: error, orderId },
      "could not close the payment order; a payment that still arrives is handled as a late payment",
    );
  }
}

/** The status the callback page shows: PAID, or what went wrong with the latest attempt, or the order's state. */
function displayStatus(orderStatus: string, payment: GatewayPayment | undefined): string {
  if (orderStatus === "PAID") return "PAID";
  if (payment && payment.status !== "SUCCESS" && payment.status !== "NOT_ATTEMPTED") return payment.status;
  return orderStatus;
}

export async function verifyPayment(ctx: PaymentContext, orderId: string): Promise<PaymentVerification> {
  const row = await appointments.findAppointmentByOrder(ctx.db, orderId);
  if (!row) throw new HttpError(404, "Payment order not found");
  let order;
  try {
    order = await ctx.gateway.fetchOrder(orderId);
  } catch (error) {
    if (error instanceof GatewayError)
      throw new HttpError(502, `The payment provider could not be asked: ${error.message}`);
    throw error;
  }
  const { payment } = order;
  if (order.orderStatus === "PAID" && payment?.status === "SUCCESS")
    await applyPaymentSuccess(ctx, orderId, payment);
  else if (payment && (payment.status === "FAILED" || payment.status === "USER_DROPPED"))
    await applyPaymentFailure(ctx, orderId, { orderStillOpen: order.orderStatus === "ACTIVE" });

  // The appointment as the payment left it: a PAID order may still be a refunded booking.
  const current = (await appointments.findAppointment(ctx.db, row.id)) ?? row;
  const status = displayStatus(order.orderStatus, payment);
  const refund = refundFacts(current);
  return {
    status,
    outcome: paymentOutcome(current, ctx.now),
    orderId,
    amount: status === "PAID" && payment ? payment.amount : order.amount || row.amount,
    bookingId: bookingIdOf(row.id),
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    ...(refund ? { refund } : {}),
    ...(await resultPageManageLink(ctx, current)),
    ...videoFacts(ctx, current),
  };
}

/**
 * The video link, when its room opens, and the calendar invite of a confirmed booking: the same the confirmation
 * e-mail carries, so the result page can lead on instead of promising a link later.
 */
function videoFacts(
  ctx: PaymentContext,
  row: AppointmentRow,
): Pick<PaymentVerification, "videoRoomUrl" | "roomOpensAt" | "calendarInviteUrl"> {
  if (row.status !== "confirmed" || !row.videoRoomId || !row.videoHostKey) return {};
  const siteUrl = ctx.config.publicBaseUrl ?? `http://localhost:${ctx.config.port}`;
  const { startsAt } = appointmentInterval(row, ctx.config.booking.timeZone);
  return {
    videoRoomUrl: roomLinks(siteUrl, row.videoRoomId, row.videoHostKey, row.language).patient,
    roomOpensAt: subMinutes(startsAt, ctx.config.video.opensMinutesBefore).toISOString(),
    calendarInviteUrl: `/api/video-room/${row.videoRoomId}/invite.ics`,
  };
}

/**
 * The manage link on the result page of a confirmed booking. The order id in the page's address is the key (as it
 * is for the result itself); a link is issued per visit, up to a few, so a reload still shows one.
 */
/**
 * The result page hands out manage links for this long after the payment. Its order id is printed on the page and
 * known to the gateway, so it must not open the booking for ever; a parent who comes back later has the link in the
 * confirmation e-mail and WhatsApp message.
 */
export const RESULT_PAGE_LINK_HOURS = 2;

async function resultPageManageLink(
  ctx: PaymentContext,
  row: AppointmentRow,
): Promise<{ manageUrl?: string }> {
  if (row.status !== "confirmed" || !row.paidAt) return {};
  if (ctx.now.getTime() - row.paidAt.getTime() > RESULT_PAGE_LINK_HOURS * 3_600_000) return {};
  const siteUrl = ctx.config.publicBaseUrl ?? `http://localhost:${ctx.config.port}`;
  const manageUrl = await issueResultPageLink(ctx.db, row.id, { siteUrl, language: row.language }, ctx.now);
  return manageUrl ? { manageUrl } : {};
}

/** A verified webhook: handled once, through the same paths as the verify call. */
export async function handleWebhook(
  ctx: PaymentContext,
  event: PaymentWebhookEvent,
): Promise<"handled" | "duplicate" | "ignored"> {
  if (await receipts.hasReceipt(ctx.db, event.dedupeKey)) return "duplicate";
  const known = event.orderId ? await appointments.findAppointmentByOrder(ctx.db, event.orderId) : undefined;
  if (known && event.orderId && event.payment) {
    if (event.type === "PAYMENT_SUCCESS" && event.payment.status === "SUCCESS") {
      await applyPaymentSuccess(ctx, event.orderId, event.payment);
    } else if (event.type === "PAYMENT_FAILED" || event.type === "PAYMENT_USER_DROPPED") {
      await applyPaymentFailure(ctx, event.orderId);
    }
  }
  if (event.type === "REFUND_STATUS" && event.refund) await applyRefundStatus(ctx, event.refund);
  const stored = await receipts.storeReceipt(ctx.db, event.dedupeKey, event.type, event.orderId);
  if (!stored) return "duplicate";
  return known || event.type === "REFUND_STATUS" ? "handled" : "ignored";
}

/**
 * Releases lapsed holds and follows open refunds (sent again, or asked about) until final; run periodically. Before
 * a hold is released, and for a while after, the gateway is asked whether its order was paid, as Cashfree's webhook
 * would tell: a payment whose confirmation was lost (the process stopped between the gateway's checkout and the
 * site) is applied (confirmed, or refunded when the slot is gone) instead of forgotten. `lookBackMinutes` is how long
 * after a hold lapsed its order is still asked about: a gateway order lives at most 20 minutes past the hold, so the
 * default covers it; the first sweep after a start looks back a day, to cover the time the site was down.
 */
export async function sweep(
  ctx: PaymentContext,
  options: { lookBackMinutes?: number } = {},
): Promise<{ expired: number; refundsRetried: number; reconciled: number }> {
  const { reconciled, unanswered } = await reconcileLapsingHolds(
    ctx,
    options.lookBackMinutes ?? ORDER_LIFE_PAST_HOLD_MINUTES,
  );
  const expired = await appointments.expireLapsedHolds(ctx.db, ctx.now, undefined, unanswered);
  ctx.counters.bookings("expired", expired);
  const refundsRetried = await sweepRefunds(ctx);
  return { expired, refundsRetried, reconciled };
}

/** How long a gateway order can still be paid after its hold lapsed (createOrder: 20 minutes), with a margin. */
const ORDER_LIFE_PAST_HOLD_MINUTES = 30;

/** How far back the first sweep after a start asks about orders awaiting payment. */
export const START_LOOK_BACK_MINUTES = 24 * 60;

/**
 * Asks the gateway about every order awaiting payment whose hold lapses before the next sweep or lapsed within
 * `lookBackMinutes`, and applies a payment it reports. Holds whose gateway could not be asked are answered back, to
 * be kept until a sweep can ask.
 */
async function reconcileLapsingHolds(
  ctx: PaymentContext,
  lookBackMinutes: number,
): Promise<{ reconciled: number; unanswered: string[] }> {
  const lapsing = await appointments.holdsLapsingWithOrder(
    ctx.db,
    {
      since: subMinutes(ctx.now, lookBackMinutes),
      by: addSeconds(ctx.now, ctx.config.booking.sweepSeconds),
    },
    1000,
  );
  let reconciled = 0;
  const unanswered: string[] = [];
  for (const hold of lapsing) {
    try {
      const order = await ctx.gateway.fetchOrder(hold.orderId);
      if (order.orderStatus === "PAID" && order.payment?.status === "SUCCESS") {
        await applyPaymentSuccess(ctx, hold.orderId, order.payment);
        reconciled += 1;
      }
    } catch (error) {
      ctx.log.warn({ err: error, appointmentId: hold.id }, "could not ask the gateway about a lapsing hold");
      unanswered.push(hold.id);
    }
  }
  return { reconciled, unanswered };
}

export { recordRefund, retryRefund, submitRefund } from "./refunds";
