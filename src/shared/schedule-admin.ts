import { z } from "zod";
import type { AppointmentSummary } from "./booking";
import { isValidIsoDate } from "./clinic-time";
import { wholeNumber } from "./whole-number";
import {
  CLOCK_TIME_PATTERN,
  daySessionsSchema,
  type ScheduleException,
  type WeeklyTemplate,
  weeklyTemplateSchema,
} from "./schedule";

/**
 * The doctor's schedule editor: the requests the dashboard sends and what the server answers. A change that takes
 * slots away from confirmed appointments is refused with 409 and the list of them (`affected`), until the request
 * names each of them in `acknowledgedAppointmentIds`: the doctor has seen them, and they are kept and listed as
 * needing action.
 */

const NOTICE_MINUTES_MAX = 7 * 24 * 60;
const HORIZON_DAYS_MAX = 366;
const LEAVE_DAYS_MAX = 366;
export const NOTE_MAX_LENGTH = 200;

const isoDate = (message: string) => z.string().min(1, message).refine(isValidIsoDate, message);
const note = z.string().trim().max(NOTE_MAX_LENGTH, `Keep the note under ${NOTE_MAX_LENGTH} characters`);
const acknowledged = z.array(z.string().uuid()).max(1000).default([]);

/** PUT /api/admin/schedule */
export const scheduleSettingsSchema = z.object({
  weekly: weeklyTemplateSchema,
  minNoticeMinutes: wholeNumber(0, NOTICE_MINUTES_MAX, {
    invalid: "Enter the minimum notice in minutes",
    whole: "Enter whole minutes",
    tooSmall: "The minimum notice cannot be negative",
    tooLarge: "The minimum notice is at most 7 days (10080 minutes)",
  }),
  horizonDays: wholeNumber(1, HORIZON_DAYS_MAX, {
    invalid: "Enter how many days ahead parents may book",
    whole: "Enter whole days",
    tooSmall: "Parents must be able to book at least 1 day ahead",
    tooLarge: `Bookings can open at most ${HORIZON_DAYS_MAX} days ahead`,
  }),
  acknowledgedAppointmentIds: acknowledged,
});
export type ScheduleSettingsInput = z.input<typeof scheduleSettingsSchema>;

/** POST /api/admin/schedule/exceptions: leave over a range of dates, a date's own hours, or one blocked slot. */
export const newExceptionSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("leave"),
      startsOn: isoDate("Choose the first day of leave"),
      endsOn: isoDate("Choose the last day of leave"),
      note,
      acknowledgedAppointmentIds: acknowledged,
    })
    .refine((leave) => leave.endsOn >= leave.startsOn, {
      message: "The last day cannot be before the first",
      path: ["endsOn"],
    })
    .refine((leave) => daysBetween(leave.startsOn, leave.endsOn) < LEAVE_DAYS_MAX, {
      message: `One leave can last at most ${LEAVE_DAYS_MAX} days`,
      path: ["endsOn"],
    }),
  z.object({
    kind: z.literal("hours"),
    date: isoDate("Choose the date"),
    sessions: daySessionsSchema,
    note,
    acknowledgedAppointmentIds: acknowledged,
  }),
  z.object({
    kind: z.literal("block"),
    date: isoDate("Choose the date"),
    time: z.string().regex(CLOCK_TIME_PATTERN, "Choose the time to block"),
    note,
    acknowledgedAppointmentIds: acknowledged,
  }),
]);
export type NewExceptionInput = z.input<typeof newExceptionSchema>;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** A confirmed appointment whose slot the schedule no longer offers: kept, and listed for the doctor to act on. */
export interface AppointmentNeedingAction extends AppointmentSummary {
  durationMinutes: number;
  /**
   * What took its slot away: "Leave: Conference", "Blocked slot", "Outside this date's own hours"...; or, for a parent
   * asked to choose whose time the doctor offers again, that the ask still stands.
   */
  why: string;
  /** A hold whose payment has not arrived yet: if it is paid after the change, it is refunded in full. */
  awaitingPayment: boolean;
  /**
   * The parent has been asked to choose another time or a full refund (ISO, when), and has not yet; without a
   * choice the booking is refunded in full at its time. Null until the doctor asks.
   */
  parentAskedAt: string | null;
}

/** A booking whose parent was asked to choose, once decided: moved (by the parent or the doctor) or refunded. */
export interface DecidedAfterAsking {
  id: string;
  bookingId: string;
  patientName: string;
  /** The time it is at now (moved), or the time that was cancelled (refunded). */
  appointmentDate: string;
  appointmentTime: string;
  outcome: "moved" | "refunded";
  askedAt: string;
}

/** GET /api/admin/schedule (and the answer of every change to it). */
export interface AdminSchedule {
  weekly: WeeklyTemplate;
  minNoticeMinutes: number;
  horizonDays: number;
  /** The server's settings (MIN_NOTICE_MINUTES, BOOKING_HORIZON_DAYS), used until the doctor saves other values. */
  defaults: { minNoticeMinutes: number; horizonDays: number };
  timeZone: string;
  /** Leave, dates with their own hours and blocked slots from today on, by first date. */
  exceptions: ScheduleException[];
  /** Confirmed appointments from today on whose slot is no longer offered, by date and time. */
  needsAction: AppointmentNeedingAction[];
  /** Bookings whose parent was asked in the last 14 days and that are decided now, the latest ask first. */
  decidedAfterAsking: DecidedAfterAsking[];
}

/** The body of the 409 a change gets while it would take slots from appointments not yet acknowledged. */
export interface AffectedAppointmentsConflict {
  statusCode: 409;
  message: string;
  affected: AppointmentNeedingAction[];
}
