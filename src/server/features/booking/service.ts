import { addMinutes } from "date-fns";
import type { z } from "zod";
import {
  type Availability,
  bookingIdOf,
  type CouponValidation,
  type createAppointmentSchema,
  type CreatedAppointment,
  type PublicConfig,
} from "@shared/booking";
import { earliestBookableDate, isTooSoon, latestBookableDate, timeZoneLabel } from "@shared/clinic-time";
import { SLOT_TIMES, slotLabel } from "@shared/slots";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { HttpError } from "../../http/errors";
import { normaliseCoupon, priceFor } from "./pricing";
import * as repository from "./repository";
import type { AppointmentRow } from "./repository";

export type CreateAppointmentRequest = z.output<typeof createAppointmentSchema>;

export const SLOT_TAKEN_MESSAGE =
  "This slot has just been booked by someone else. Please choose another time.";

export function publicConfig(config: Config, now: Date): PublicConfig {
  const { booking, payments } = config;
  return {
    consultationFee: booking.fee,
    currency: "INR",
    couponAvailable: Boolean(booking.couponCode),
    paymentProvider: payments.provider,
    paymentMode: payments.provider === "cashfree" ? payments.cashfree.environment : "sandbox",
    clinicTimeZone: booking.timeZone,
    timeZoneLabel: timeZoneLabel(booking.timeZone, now),
    holdMinutes: booking.holdMinutes,
    minNoticeMinutes: booking.minNoticeMinutes,
    horizonDays: booking.horizonDays,
  };
}

export function validateCoupon(config: Config, code: string): CouponValidation {
  const price = priceFor(config.booking, code);
  const valid = price.couponCode !== undefined && normaliseCoupon(code) !== "";
  return { valid, fee: price.amount, discount: price.fee - price.amount };
}

/** Why a date cannot be booked at all, or undefined when it can. */
function dateProblem(config: Config, date: string, now: Date): string | undefined {
  const { timeZone, horizonDays } = config.booking;
  const earliest = earliestBookableDate(now, timeZone);
  const latest = latestBookableDate(now, timeZone, horizonDays);
  if (date < earliest) return "This date can no longer be booked. Please choose a later date.";
  if (date > latest)
    return `Appointments can be booked up to ${horizonDays} days ahead. Please choose an earlier date.`;
  return undefined;
}

export async function availability(db: Db, config: Config, date: string, now: Date): Promise<Availability> {
  const { timeZone, minNoticeMinutes } = config.booking;
  const closed = dateProblem(config, date, now) !== undefined;
  const unavailableSlots = SLOT_TIMES.filter(
    (time) => closed || isTooSoon(date, time, now, timeZone, minNoticeMinutes),
  );
  return { date, bookedSlots: await repository.takenSlotsOn(db, date, now), unavailableSlots };
}

export function toCreatedAppointment(row: AppointmentRow): CreatedAppointment {
  return {
    id: row.id,
    bookingId: bookingIdOf(row.id),
    patientName: row.patientName,
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    status: row.status as CreatedAppointment["status"],
    paymentStatus: row.paymentStatus as CreatedAppointment["paymentStatus"],
    amount: row.amount,
    originalFee: row.fee,
    couponApplied: row.couponCode !== null,
    holdExpiresAt: row.holdExpiresAt.toISOString(),
  };
}

/**
 * Holds the slot for the payment: one transaction releases a lapsed hold on the slot, then inserts the new
 * appointment. The database's unique index decides a race; the loser is told the slot is taken.
 */
export async function createAppointment(
  db: Db,
  config: Config,
  input: CreateAppointmentRequest,
  now: Date,
): Promise<CreatedAppointment> {
  const { timeZone, minNoticeMinutes, holdMinutes } = config.booking;
  const problem = dateProblem(config, input.appointmentDate, now);
  if (problem) throw new HttpError(400, problem);
  if (isTooSoon(input.appointmentDate, input.appointmentTime, now, timeZone, minNoticeMinutes)) {
    throw new HttpError(
      400,
      `The ${slotLabel(input.appointmentTime)} time can no longer be booked: consultations must be booked at least ${minNoticeMinutes} minutes ahead. Please choose a later time.`,
    );
  }
  const price = priceFor(config.booking, input.couponCode);
  try {
    const row = await db.transaction(async (tx) => {
      await repository.expireLapsedHolds(tx, now, {
        date: input.appointmentDate,
        time: input.appointmentTime,
      });
      return repository.insertAppointment(tx, {
        patientName: input.patientName,
        patientEmail: input.patientEmail,
        patientPhone: input.patientPhone,
        patientAge: input.patientAge,
        reasonForConsultation: input.reasonForConsultation,
        appointmentDate: input.appointmentDate,
        appointmentTime: input.appointmentTime,
        status: "pending_payment",
        paymentStatus: "pending",
        fee: price.fee,
        amount: price.amount,
        couponCode: price.couponCode ?? null,
        holdExpiresAt: addMinutes(now, holdMinutes),
        createdAt: now,
        updatedAt: now,
      });
    });
    return toCreatedAppointment(row);
  } catch (error) {
    if (isUniqueViolation(error, "appointments_active_slot_idx"))
      throw new HttpError(409, SLOT_TAKEN_MESSAGE);
    throw error;
  }
}
