import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { subMinutes } from "date-fns";
import { bookingIdOf } from "@shared/booking";
import { decide, DEFAULT_POLICY, type PolicyDecision, policyBand } from "@shared/cancellation-policy";
import { timeZoneLabel } from "@shared/clinic-time";
import {
  type HistoryEntry,
  type LanguageChoice,
  MANAGE_MESSAGES,
  type ManageView,
  type RescheduleInput,
} from "@shared/manage";
import { DEFAULT_LANGUAGE, isLanguage } from "@shared/i18n/languages";
import { appointmentInterval, longDate } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { HttpError } from "../../http/errors";
import type { PaymentGateway } from "../../integrations/payments/gateway";
import * as appointments from "../../core/appointments/repository";
import type { AppointmentRow } from "../../core/appointments/repository";
import {
  enqueueChangeMessages,
  enqueueUnavailableMessages,
  resendConfirmation,
} from "../../core/outbox/enqueue";
import * as refundRepository from "../../core/appointments/refund-records";
import { recordRefund, submitRefund } from "../payments/service";
import { bookableSlot, isSlotStillOffered, SLOT_TAKEN_MESSAGE } from "../schedule/service";
import { roomLinks } from "../../core/appointments/video-links";
import { appointmentIdForToken, INVALID_LINK_MESSAGE } from "../../core/appointments/manage-links";
import { followUpLinkFor } from "../follow-ups/service";
import { historyOf } from "./history";
import { eventsOf } from "../../core/appointments/events";
import { hasReceipt, receiptFor, type ReceiptFile } from "./receipt";
import type { ProfileSource, SiteProfile } from "@shared/site-profile";
import type { ClinicCounters } from "../../core/metrics/counters";

/**
 * The appointment after payment: what the parent may do from the manage link under the published policy, and the
 * doctor's own actions. Every change is one transaction on the locked appointment row: the change, its history
 * entry, its refund and its messages are written together or not at all; the refund is then asked of the gateway.
 */
export interface LifecycleContext {
  db: Db;
  config: Config;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  now: Date;
  /** The site's public address, for the links the page shows. */
  siteUrl: string;
  counters: ClinicCounters;
  /** The doctor's profile, where the answer says whether a receipt can be downloaded. */
  profile?: ProfileSource;
}

type Actor = "patient" | "doctor";

/** Locks the appointment with this id; anything that is not an appointment's id is the same 404 as an unknown one. */
async function lockKnown(tx: Db, id: string): Promise<AppointmentRow | undefined> {
  return isUuid(id) ? appointments.lockAppointment(tx, id) : undefined;
}

function isUuid(id: string): boolean {
  return z.uuid().safeParse(id).success;
}

function startOf(ctx: LifecycleContext, row: AppointmentRow): Date {
  return appointmentInterval(row, ctx.config.booking.timeZone).startsAt;
}

/** The amount paid and not yet refunded: what a cancellation can still give back. */
function refundable(row: AppointmentRow): number {
  return Math.max(0, (row.paidAmount ?? 0) - (row.refundAmount ?? 0));
}

/** Whether the doctor has asked the parent to choose another time or a refund, and the parent has not yet. */
function waitingForParent(ctx: LifecycleContext, row: AppointmentRow): boolean {
  return row.status === "confirmed" && row.doctorUnavailableSince !== null && startOf(ctx, row) > ctx.now;
}

/**
 * What the parent may do now, from the policy module: the same numbers the Refunds page shows. When the doctor
 * cannot keep the time, the policy's "doctor unavailability: full refund" applies instead: a full refund or a move
 * that is not counted, at any time before the old start.
 */
function parentPolicy(ctx: LifecycleContext, row: AppointmentRow): PolicyDecision {
  if (waitingForParent(ctx, row)) {
    const remaining = Math.max(0, DEFAULT_POLICY.maxReschedules - row.rescheduleCount);
    return {
      band: policyBand(startOf(ctx, row), ctx.now),
      cancel: { allowed: true, refundPercent: 100, refundAmount: refundable(row) },
      reschedule: { allowed: true, remaining },
    };
  }
  return decide(
    {
      status: row.status,
      startsAt: startOf(ctx, row),
      amountPaid: refundable(row),
      reschedules: row.rescheduleCount,
    },
    ctx.now,
  );
}

/** The booking a manage link opens; a 404 with one message for anything else. */
export async function appointmentForToken(ctx: LifecycleContext, token: string): Promise<AppointmentRow> {
  const id = await appointmentIdForToken(ctx.db, token);
  const row = id ? await appointments.findAppointment(ctx.db, id) : undefined;
  if (!row) throw new HttpError(404, INVALID_LINK_MESSAGE);
  return row;
}

/** GET /api/manage/{token}: the booking as its parent sees it, with what the policy allows now. */
export async function manageView(ctx: LifecycleContext, token: string): Promise<ManageView> {
  return viewOf(ctx, await appointmentForToken(ctx, token));
}

async function viewOf(ctx: LifecycleContext, row: AppointmentRow): Promise<ManageView> {
  const { timeZone } = ctx.config.booking;
  const startsAt = startOf(ctx, row);
  const decision = parentPolicy(ctx, row);
  const waiting = waitingForParent(ctx, row);
  // While the parent chooses, the old time's room is withdrawn: the doctor will not be there. It stays withdrawn after
  // the old start too, until the sweep refunds the booking: no consultation takes place at that time.
  const live = (row.status === "confirmed" || row.status === "completed") && !row.doctorUnavailableSince;
  const refunds = await refundRepository.refundViewsOf(ctx.db, row.id);
  return {
    appointment: {
      bookingId: bookingIdOf(row.id),
      patientName: row.patientName,
      appointmentDate: row.appointmentDate,
      appointmentTime: row.appointmentTime,
      durationMinutes: row.durationMinutes,
      startsAt: startsAt.toISOString(),
      timeZone,
      timeZoneLabel: timeZoneLabel(timeZone, startsAt),
      status: row.status as ManageView["appointment"]["status"],
      paymentStatus: row.paymentStatus as ManageView["appointment"]["paymentStatus"],
      amountPaid: row.paidAmount ?? 0,
      reschedules: row.rescheduleCount,
      cancellationReason: row.cancellationReason,
      videoRoomUrl:
        live && row.videoRoomId && row.videoHostKey
          ? roomLinks(ctx.siteUrl, row.videoRoomId, row.videoHostKey, row.language).patient
          : null,
      roomOpensAt: live ? subMinutes(startsAt, ctx.config.video.opensMinutesBefore).toISOString() : null,
      receiptAvailable:
        row.receiptNumber !== null &&
        (ctx.profile ? hasReceipt(ctx.config, ctx.profile.current(), row) : true),
      doctorUnavailable: waiting,
      language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
      consultationType: row.consultationType === "follow_up" ? "follow_up" : "consultation",
    },
    followUp: await followUpLinkFor(ctx.db, ctx.config, ctx.siteUrl, row, ctx.now),
    policy: {
      cancel: decision.cancel,
      reschedule: decision.reschedule,
    },
    refunds,
    refundBusinessDays: DEFAULT_POLICY.refundBusinessDays,
  };
}

/** POST /api/manage/{token}/language: the parent's language for the booking's messages and documents from now on. */
export async function chooseLanguageByParent(
  ctx: LifecycleContext,
  token: string,
  choice: LanguageChoice,
): Promise<ManageView> {
  const row = await appointmentForToken(ctx, token);
  if (row.language === choice.language) return viewOf(ctx, row);
  const updated = await appointments.updateAppointment(ctx.db, row.id, {
    language: choice.language,
    updatedAt: ctx.now,
  });
  return viewOf(ctx, updated);
}

/** GET /api/manage/{token}/receipt */
export async function receiptByToken(
  ctx: LifecycleContext,
  profile: SiteProfile,
  token: string,
): Promise<ReceiptFile> {
  const row = await appointmentForToken(ctx, token);
  return receiptFor(ctx.db, ctx.config, profile, row.id, ctx.now);
}

// ---------------------------------------------------------------------------------------------------------------
// Cancelling

interface CancelRequest {
  actor: Actor;
  /** The doctor's reason, which the parent reads. */
  reason?: string;
  /** Only while the parent has still not chosen (the automatic refund at the old start); else a 409. */
  onlyIfStillUnavailable?: boolean;
}

/**
 * Cancels a confirmed appointment. The parent gets what the policy gives at this minute (decided again on the
 * locked row, so two cancels cannot both refund); the doctor always gives back everything not yet refunded.
 */
async function cancel(ctx: LifecycleContext, id: string, request: CancelRequest): Promise<AppointmentRow> {
  const refund = await ctx.db.transaction(async (tx) => {
    const row = await lockKnown(tx, id);
    if (!row) throw new HttpError(404, "Appointment not found");
    if (request.onlyIfStillUnavailable && (row.status !== "confirmed" || !row.doctorUnavailableSince))
      throw new HttpError(409, "The parent has already decided.");
    const { amount, reason } = cancellationTerms(ctx, row, request);
    const cancelled = await appointments.updateAppointment(tx, row.id, {
      status: "cancelled",
      doctorUnavailableSince: null,
      cancellationReason: request.actor === "doctor" ? (request.reason ?? null) : null,
      calendarSequence: row.calendarSequence + 1,
      updatedAt: ctx.now,
    });
    await appointments.recordEvent(tx, "appointment_cancelled", row.id, {
      actor: request.actor,
      refundAmount: amount,
      ...(request.reason ? { reason: request.reason } : {}),
    });
    const recorded =
      amount > 0 && row.orderId
        ? await recordRefund(tx, cancelled, { amount, reason, initiatedBy: request.actor }, ctx.now)
        : undefined;
    const current = (await appointments.findAppointment(tx, row.id)) ?? cancelled;
    await enqueueChangeMessages(tx, ctx.config, current, "cancelled", ctx.now);
    return recorded;
  });
  if (refund) await submitRefund(ctx, refund);
  return (await appointments.findAppointment(ctx.db, id)) as AppointmentRow;
}

function cancellationTerms(
  ctx: LifecycleContext,
  row: AppointmentRow,
  request: CancelRequest,
): { amount: number; reason: string } {
  if (request.actor === "doctor") {
    if (row.status !== "confirmed")
      throw new HttpError(409, "Only a confirmed appointment can be cancelled.");
    return { amount: refundable(row), reason: `Cancelled by the doctor: ${request.reason ?? ""}`.trim() };
  }
  const decision = parentPolicy(ctx, row);
  if (!decision.cancel.allowed)
    throw new HttpError(409, decision.cancel.message ?? MANAGE_MESSAGES.cancelRefused);
  if (waitingForParent(ctx, row))
    return { amount: decision.cancel.refundAmount, reason: DOCTOR_UNAVAILABLE_REFUND_REASON };
  return {
    amount: decision.cancel.refundAmount,
    reason: `Cancelled by the parent: ${decision.cancel.refundPercent}% refund under the policy`,
  };
}

export async function cancelByParent(ctx: LifecycleContext, token: string): Promise<ManageView> {
  const row = await appointmentForToken(ctx, token);
  return viewOf(ctx, await cancel(ctx, row.id, { actor: "patient" }));
}

export async function cancelByDoctor(
  ctx: LifecycleContext,
  id: string,
  reason: string,
): Promise<AppointmentRow> {
  return cancel(ctx, id, { actor: "doctor", reason });
}

// ---------------------------------------------------------------------------------------------------------------
// Moving

/**
 * Moves a confirmed appointment to another offered, free slot. The schedule is read first (a slot not offered is a
 * 400 saying why); the move itself is one UPDATE under the unique slot index, so of many moves into one slot exactly
 * one wins and the rest get 409 "slot". The parent's move is checked against the policy on the locked row.
 */
const SAME_TIME_MESSAGE = "The consultation is already at this time. Please choose another slot.";
const DOCTOR_NOW_UNAVAILABLE_MESSAGE =
  "The doctor is not available at that time any more. Please choose another time.";

async function move(
  ctx: LifecycleContext,
  id: string,
  input: RescheduleInput,
  actor: Actor,
): Promise<AppointmentRow> {
  const current = isUuid(id) ? await appointments.findAppointment(ctx.db, id) : undefined;
  // Checked before the slot: the appointment's own time reads as booked, which would blame another patient.
  if (current?.appointmentDate === input.appointmentDate && current.appointmentTime === input.appointmentTime)
    throw new HttpError(409, SAME_TIME_MESSAGE);
  const slot = await bookableSlot(ctx.db, ctx.config, input.appointmentDate, input.appointmentTime, ctx.now);
  let lapsedReleased = 0;
  try {
    const moved = await ctx.db.transaction(async (tx) => {
      const row = await lockKnown(tx, id);
      if (!row) throw new HttpError(404, "Appointment not found");
      checkMoveAllowed(ctx, row, actor);
      checkFollowUpPeriod(row, input, actor);
      // A move the doctor asked for (she cannot keep the time) is not one of the parent's two.
      const counted = actor === "patient" && !waitingForParent(ctx, row);
      if (row.appointmentDate === input.appointmentDate && row.appointmentTime === input.appointmentTime)
        throw new HttpError(409, SAME_TIME_MESSAGE);
      // The schedule may have changed since it was read: checked again under its shared lock, so a leave saved at
      // the same moment either sees this move (and warns the doctor) or makes it refused here.
      if (
        !(await isSlotStillOffered(
          tx,
          ctx.config,
          { appointmentDate: input.appointmentDate, appointmentTime: slot.time },
          ctx.now,
        ))
      )
        throw new HttpError(409, DOCTOR_NOW_UNAVAILABLE_MESSAGE);
      // A hold lapsed on the slot still counts in the unique slot index until it is released, as for a new booking.
      lapsedReleased = await appointments.expireLapsedHolds(tx, ctx.now, {
        date: input.appointmentDate,
        time: slot.time,
      });
      const moved = await appointments.updateAppointment(tx, row.id, {
        appointmentDate: input.appointmentDate,
        appointmentTime: slot.time,
        durationMinutes: slot.durationMinutes,
        // The policy's allowance is the parent's: a move the doctor makes (unavailable, a fault of ours) is not one.
        rescheduleCount: counted ? row.rescheduleCount + 1 : row.rescheduleCount,
        doctorUnavailableSince: null,
        calendarSequence: row.calendarSequence + 1,
        updatedAt: ctx.now,
      });
      await appointments.recordEvent(tx, "appointment_rescheduled", row.id, {
        actor,
        ...(row.doctorUnavailableSince ? { doctorUnavailable: true } : {}),
        from: { date: row.appointmentDate, time: row.appointmentTime },
        to: { date: moved.appointmentDate, time: moved.appointmentTime },
      });
      await enqueueChangeMessages(tx, ctx.config, moved, "rescheduled", ctx.now);
      return moved;
    });
    ctx.counters.bookings("expired", lapsedReleased);
    return moved;
  } catch (error) {
    if (isUniqueViolation(error, "appointments_active_slot_idx"))
      throw new HttpError(409, SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

function checkMoveAllowed(ctx: LifecycleContext, row: AppointmentRow, actor: Actor): void {
  if (actor === "patient") {
    const decision = parentPolicy(ctx, row);
    if (!decision.reschedule.allowed)
      throw new HttpError(409, decision.reschedule.message ?? MANAGE_MESSAGES.rescheduleRefused);
    return;
  }
  if (row.status !== "confirmed")
    throw new HttpError(409, "Only a confirmed appointment can be rescheduled.");
  if (startOf(ctx, row) <= ctx.now) throw new HttpError(409, MANAGE_MESSAGES.rescheduleStarted);
}

/** A parent moves a follow-up within its follow-up period only; the doctor may move it to any day she offers. */
function checkFollowUpPeriod(row: AppointmentRow, input: RescheduleInput, actor: Actor): void {
  if (actor !== "patient" || !row.followUpUntil || input.appointmentDate <= row.followUpUntil) return;
  throw new HttpError(
    409,
    `A follow-up must be on or before ${longDate(row.followUpUntil)}. Please choose an earlier day.`,
  );
}

export async function rescheduleByParent(
  ctx: LifecycleContext,
  token: string,
  input: RescheduleInput,
): Promise<ManageView> {
  const row = await appointmentForToken(ctx, token);
  return viewOf(ctx, await move(ctx, row.id, input, "patient"));
}

export async function rescheduleByDoctor(
  ctx: LifecycleContext,
  id: string,
  input: RescheduleInput,
): Promise<AppointmentRow> {
  return move(ctx, id, input, "doctor");
}

// ---------------------------------------------------------------------------------------------------------------
// The doctor cannot keep the time

/** The refund's reason when the doctor could not keep the time: the policy's "doctor unavailability: full refund". */
const DOCTOR_UNAVAILABLE_REFUND_REASON = "Doctor unavailable: full refund";

/**
 * The doctor is not available at these bookings' times any more (leave, changed hours) and asks each parent to
 * choose: another time, free and not counted, or a full refund. Each booking's reminders are withdrawn and the
 * parent is told by e-mail and WhatsApp now, with the manage link. A booking already waiting is left as it is, so
 * asking again sends nothing twice; only confirmed bookings that have not started can be asked about. All are asked
 * in one transaction: when one of them cannot be (unknown, cancelled meanwhile, started), none is, and no parent
 * gets a message the doctor was told had failed. The rows are locked in one order, so two asks cannot deadlock.
 */
export async function askParentsToChoose(
  ctx: LifecycleContext,
  ids: readonly string[],
): Promise<AppointmentRow[]> {
  const order = [...new Set(ids)];
  const asked = await ctx.db.transaction(async (tx) => {
    const rows = new Map<string, AppointmentRow>();
    for (const id of [...order].sort()) {
      const row = await lockKnown(tx, id);
      if (!row) throw new HttpError(404, "Appointment not found");
      if (row.status !== "confirmed")
        throw new HttpError(
          409,
          "Only a confirmed appointment's parent can be asked to choose another time.",
        );
      if (startOf(ctx, row) <= ctx.now)
        throw new HttpError(
          409,
          "This consultation has already started, so its time can no longer be changed.",
        );
      if (row.doctorUnavailableSince) {
        rows.set(id, row);
        continue;
      }
      const waiting = await appointments.updateAppointment(tx, row.id, {
        doctorUnavailableSince: ctx.now,
        updatedAt: ctx.now,
      });
      await appointments.recordEvent(tx, "doctor_unavailable", row.id, { actor: "doctor" });
      await enqueueUnavailableMessages(tx, waiting, ctx.now);
      rows.set(id, waiting);
    }
    return rows;
  });
  return order.map((id) => asked.get(id) as AppointmentRow);
}

/**
 * A parent who has not chosen by the old start time gets the full refund the policy promises, and is told so: the
 * booking is cancelled by the doctor with that reason. Returns how many were refunded.
 */
export async function refundUnansweredUnavailable(ctx: LifecycleContext): Promise<number> {
  let refunded = 0;
  for (const row of await appointments.unavailableStartedBy(ctx.db, ctx.config.booking.timeZone, ctx.now)) {
    try {
      await cancel(ctx, row.id, {
        actor: "doctor",
        reason: "The doctor was not available at this time and no other time was chosen",
        onlyIfStillUnavailable: true,
      });
      refunded += 1;
    } catch (error) {
      // Decided meanwhile (the parent chose at the last minute): nothing to do; anything else is retried next run.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
    }
  }
  return refunded;
}

// ---------------------------------------------------------------------------------------------------------------
// The doctor's other actions

type Outcome = "completed" | "no_show";

/** What the doctor is told of a consultation she could not keep while its parent has not chosen. */
export const UNDECIDED_MESSAGE =
  "You were not available at this time and the parent was asked to choose another time or a full refund: no consultation took place. Without a choice the booking is refunded in full.";

/** Marks how a consultation ended; only a confirmed one, and only once it has started. */
export async function markOutcome(
  ctx: LifecycleContext,
  id: string,
  outcome: Outcome,
): Promise<AppointmentRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockKnown(tx, id);
    if (!row) throw new HttpError(404, "Appointment not found");
    if (row.status !== "confirmed")
      throw new HttpError(409, "Only a confirmed appointment can be marked completed or no-show.");
    if (row.doctorUnavailableSince) throw new HttpError(409, UNDECIDED_MESSAGE);
    if (startOf(ctx, row) > ctx.now) {
      throw new HttpError(
        409,
        "This consultation has not started yet; it can be marked completed or no-show once it has.",
      );
    }
    const updated = await appointments.updateAppointment(tx, row.id, { status: outcome, updatedAt: ctx.now });
    await appointments.recordEvent(
      tx,
      outcome === "completed" ? "appointment_completed" : "appointment_no_show",
      row.id,
      { actor: "doctor" },
    );
    return updated;
  });
}

/** Sends the patient's confirmation again, as it reads now (the current time, a fresh manage link). */
export async function resendPatientConfirmation(ctx: LifecycleContext, id: string): Promise<AppointmentRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockKnown(tx, id);
    if (!row) throw new HttpError(404, "Appointment not found");
    if (row.status !== "confirmed")
      throw new HttpError(409, "Only a confirmed appointment's confirmation can be sent again.");
    if (row.doctorUnavailableSince)
      throw new HttpError(
        409,
        "The parent was asked to choose another time or a full refund, so the confirmation of this time is not sent again.",
      );
    const queued = await resendConfirmation(tx, row.id, ctx.now);
    if (queued === 0)
      throw new HttpError(
        409,
        "The confirmation is already waiting to be sent. Please try again in a minute.",
      );
    await appointments.recordEvent(tx, "confirmation_resent", row.id, { actor: "doctor" });
    return row;
  });
}

/** Whether each of the doctor's actions is open now (the dashboard shows only those). */
export function doctorActions(ctx: LifecycleContext, row: AppointmentRow) {
  const confirmed = row.status === "confirmed";
  const started = startOf(ctx, row) <= ctx.now;
  const held = confirmed && started && !row.doctorUnavailableSince;
  return {
    complete: held,
    noShow: held,
    reschedule: confirmed && !started,
    cancel: confirmed,
    resendConfirmation: confirmed && row.anonymisedAt === null && !row.doctorUnavailableSince,
    receipt: row.receiptNumber !== null && row.paidAmount !== null,
  };
}

export { hasReceipt, receiptFor };

/** An appointment's history in the words the dashboard and the parent's export show it, oldest first. */
export async function appointmentHistory(db: Db, appointmentId: string): Promise<HistoryEntry[]> {
  return historyOf(await eventsOf(db, appointmentId));
}
