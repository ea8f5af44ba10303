import { consultationHours } from "@shared/consultation-hours";
import { ADULT_AGE } from "@shared/consent";
import { addMinutes } from "date-fns";
import type { z } from "zod";
import {
  type Availability,
  bookingIdOf,
  type createAppointmentSchema,
  type CreatedAppointment,
  type PublicConfig,
} from "@shared/booking";
import { timeZoneLabel } from "@shared/clinic-time";
import { daySlots } from "@shared/schedule";
import { mobileNumberE164 } from "@shared/phone";
import { SLOT_TIMES } from "@shared/slots";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation, retryingConflicts } from "../../db/errors";
import { HttpError } from "../../http/errors";
import { bookableSlotUnderLock, bookingWindow, readSchedule, SLOT_TAKEN_MESSAGE } from "../schedule/service";

import * as settings from "../settings/service";
import { FOLLOW_UP_TAKEN_MESSAGE, lockFollowUpConsultation, priceFollowUp } from "../follow-ups/service";
import { confirmWithoutPayment } from "../payments/service";
import { findPublishedBySlug } from "../articles/service";
import * as repository from "../../core/appointments/repository";
import type { AppointmentRow, NewAppointmentRow } from "../../core/appointments/repository";
import { bookingState } from "../../core/appointments/admin-view";
import { DEFAULT_LANGUAGE } from "@shared/i18n/languages";
import { consentWording } from "./consent-wording";
import type { ClinicCounters } from "../../core/metrics/counters";

type CreateAppointmentRequest = z.output<typeof createAppointmentSchema>;

/** GET /api/config. The notice and horizon are the doctor's (the server's settings until the doctor saves others). */
export async function publicConfig(db: Db, config: Config, now: Date): Promise<PublicConfig> {
  const { booking, payments } = config;
  const window = await bookingWindow(db, config);
  const fees = await settings.currentFees(db, config);
  return {
    consultationFee: fees.consultationFee,
    followUp: fees.followUp,
    currency: "INR",
    couponAvailable: await settings.couponAvailable(db, config, now),
    paymentProvider: payments.provider,
    paymentMode: payments.provider === "cashfree" ? payments.cashfree.environment : "sandbox",
    clinicTimeZone: booking.timeZone,
    timeZoneLabel: timeZoneLabel(booking.timeZone, now),
    holdMinutes: booking.holdMinutes,
    minNoticeMinutes: window.minNoticeMinutes,
    horizonDays: window.horizonDays,
    consultationHours: consultationHours(window.weekly),
  };
}

/**
 * GET /api/appointments?date=: the spec's answer, kept for the clients that show the fixed six slots. It is read from
 * the schedule like GET /api/availability: `bookedSlots` are the times held or booked; `unavailableSlots` are the
 * times that cannot be booked, which includes every one of the six the schedule does not offer that day.
 */
export async function availability(db: Db, config: Config, date: string, now: Date): Promise<Availability> {
  const schedule = await readSchedule(db, config, date, date, now);
  const day = daySlots(date, schedule.facts, schedule.taken, schedule.rules, now);
  const offered = new Map(day.slots.map((slot) => [slot.time, slot.status]));
  const times = [...new Set([...SLOT_TIMES, ...offered.keys()])].sort();
  return {
    date,
    bookedSlots: schedule.taken.filter((slot) => slot.date === date).map((slot) => slot.time),
    unavailableSlots: times.filter((time) => (offered.get(time) ?? "unavailable") === "unavailable"),
  };
}

function toCreatedAppointment(row: AppointmentRow): CreatedAppointment {
  return {
    id: row.id,
    bookingId: bookingIdOf(row.id),
    patientName: row.patientName,
    // The review step shows where the messages will go, as the booking holds them, for the parent to check.
    patientPhone: row.patientPhone,
    patientEmail: row.patientEmail,
    ...bookingState(row),
    originalFee: row.fee,
    couponApplied: row.couponCode !== null,
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    consultationType: row.consultationType === "follow_up" ? "follow_up" : "consultation",
  };
}

/** The note of a hold another booking of the same parent replaced; the insights leave such holds out. */
export const REPLACED_HOLD_NOTE = "Replaced before payment by a booking with changed details or coupon.";

/**
 * Ends the hold a new booking replaces, as if it had lapsed now: only a hold still waiting for its payment, and only
 * one made with the same phone number or the same e-mail address as the new booking (a parent corrects one of them,
 * not both; another parent who learnt the hold's id cannot release it). A paid, cancelled, unknown or someone else's
 * hold is left as it is, and the new booking is made all the same. Its gateway order stays asked about by the sweeper
 * for as long as a lapsed hold's: a payment that still arrives for it is confirmed if its time is free and refunded
 * in full if not, as any late payment.
 */
async function releaseReplacedHold(
  db: Db,
  id: string,
  contact: { phone: string; email: string },
  now: Date,
): Promise<void> {
  // Read before it is locked: another parent's booking, which this one may not touch, is never held up by it.
  const seen = await repository.findAppointment(db, id);
  if (!seen || !sameParent(seen, contact)) return;
  const row = await repository.lockAppointment(db, id);
  if (!row || row.status !== "pending_payment" || row.paymentStatus !== "pending") return;
  await repository.updateAppointment(db, id, {
    status: "expired",
    holdExpiresAt: now,
    statusNote: REPLACED_HOLD_NOTE,
    updatedAt: now,
  });
}

function sameParent(row: AppointmentRow, contact: { phone: string; email: string }): boolean {
  return row.patientPhone === contact.phone || row.patientEmail.toLowerCase() === contact.email.toLowerCase();
}

/**
 * Holds the slot for the payment: one transaction releases the parent's replaced hold and a lapsed hold on the slot,
 * then inserts the new appointment. The database's unique index decides a race; the loser is told the slot is taken.
 */
export async function createAppointment(
  db: Db,
  config: Config,
  input: CreateAppointmentRequest,
  now: Date,
  counters: ClinicCounters,
): Promise<CreatedAppointment> {
  const { holdMinutes } = config.booking;
  const { replacesAppointmentId } = input;
  // Kept in E.164 (the schema accepted it as a mobile number), the form WhatsApp sends to.
  const patientPhone = mobileNumberE164(input.patientPhone) ?? input.patientPhone;
  // The article page the booking was made from, kept only when a published article has that slug.
  const sourceArticle =
    input.sourceArticle &&
    (await findPublishedBySlug(db, input.sourceArticle, config.booking.timeZone)) !== undefined
      ? input.sourceArticle
      : null;
  // Read before the transaction, from the site's own database handle, where the embedded database keeps it in memory.
  const { consultationFee } = await settings.currentFees(db, config);
  let lapsedReleased = 0;
  try {
    // Two bookings that each release a lapsed hold in the other's way can deadlock on PostgreSQL: the one stopped
    // runs again once the other has committed.
    const row = await retryingConflicts(() =>
      db.transaction(async (tx) => {
        lapsedReleased = 0;
        if (input.followUpKey) await lockFollowUpConsultation(tx, input.followUpKey);
        if (replacesAppointmentId)
          await releaseReplacedHold(
            tx,
            replacesAppointmentId,
            { phone: patientPhone, email: input.patientEmail },
            now,
          );
        // Only a slot the schedule offers, inside the notice and horizon, can be held; its length comes with it. Read
        // once, under the schedule's shared lock: a block or leave being saved at this moment either waits for this
        // hold (and then finds it in the way) or is seen here, so a time is never both blocked and held. A replaced
        // hold has given way by now, so it does not count as taken.
        const slot = await bookableSlotUnderLock(
          tx,
          config,
          input.appointmentDate,
          input.appointmentTime,
          now,
        );
        // A follow-up's price is the follow-up rule's, and takes no coupon.
        const price = input.followUpKey
          ? await priceFollowUp(tx, config, input.followUpKey, input, now)
          : await settings.priceBooking(
              tx,
              config,
              { couponCode: input.couponCode, phone: patientPhone, consultationFee },
              now,
            );
        const adult = input.patientAge >= ADULT_AGE;
        const hold: NewAppointmentRow = {
          patientName: input.patientName,
          guardianName: adult ? null : (input.guardianName ?? null),
          guardianRelationship: adult ? null : (input.guardianRelationship ?? null),
          patientEmail: input.patientEmail,
          patientPhone,
          patientAge: input.patientAge,
          // Months only for a baby under one year; an older child's age is in years alone.
          patientAgeMonths: input.patientAge === 0 ? (input.patientAgeMonths ?? null) : null,
          reasonForConsultation: input.reasonForConsultation,
          appointmentDate: input.appointmentDate,
          appointmentTime: input.appointmentTime,
          durationMinutes: slot.durationMinutes,
          status: "pending_payment",
          paymentStatus: "pending",
          fee: price.fee,
          amount: price.amount,
          couponCode: "couponCode" in price ? (price.couponCode ?? null) : null,
          consultationType: "followUpOf" in price ? "follow_up" : "consultation",
          followUpOf: "followUpOf" in price ? price.followUpOf : null,
          followUpUntil: "followUpUntil" in price ? price.followUpUntil : null,
          sourceArticle,
          language: input.language ?? DEFAULT_LANGUAGE,
          holdExpiresAt: addMinutes(now, holdMinutes),
          createdAt: now,
          updatedAt: now,
        };
        let inserted = await repository.insertHoldUnlessSlotHeld(tx, hold);
        if (!inserted) {
          // The schedule's read counts a hold whose time to pay has lapsed as free, but until it is marked expired it
          // still holds the slot's place in the unique index: released here, only when it is in the way.
          lapsedReleased = await repository.expireLapsedHolds(tx, now, {
            date: input.appointmentDate,
            time: input.appointmentTime,
          });
          if (lapsedReleased === 0) throw new HttpError(409, SLOT_TAKEN_MESSAGE);
          inserted = await repository.insertAppointment(tx, hold);
        }
        // The schema refused the booking unless both boxes were ticked for the wording in force.
        await repository.recordConsent(tx, consentWording(input.language ?? DEFAULT_LANGUAGE), {
          appointmentId: inserted.id,
          givenBy: adult ? input.patientName : (input.guardianName ?? input.patientName),
          givenAt: now,
        });
        return inserted.amount === 0 ? confirmWithoutPayment(tx, config, inserted, now) : inserted;
      }),
    );
    counters.bookings("created");
    if (row.status === "confirmed") counters.bookings("confirmed");
    counters.bookings("expired", lapsedReleased);
    return toCreatedAppointment(row);
  } catch (error) {
    if (isUniqueViolation(error, "appointments_active_slot_idx"))
      throw new HttpError(409, SLOT_TAKEN_MESSAGE);
    if (isUniqueViolation(error, "appointments_one_follow_up_idx"))
      throw new HttpError(409, FOLLOW_UP_TAKEN_MESSAGE);
    throw error;
  }
}
