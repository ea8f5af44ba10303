import { z } from "zod";
import { addDaysToDate, isValidIsoDate } from "./clinic-time";

/** The last date the calendar can show. */
const LAST_DATE = "9999-12-31";
import type { AdminAppointment } from "./admin";

/** One consultation of the doctor's day: the booking, when it runs, and how many reports the parent sent. */
export interface TodayConsultation {
  appointment: AdminAppointment;
  /** When it starts and ends (ISO), from its date, time and length in the clinic's zone. */
  startsAt: string;
  endsAt: string;
  /** Reports (PDFs and images) the parent uploaded for it. */
  reportCount: number;
  /** The parent is at the video page now (the waiting room or the call), since this time (ISO); null when not. */
  parentWaitingSince: string | null;
}

/** A time the doctor is not seeing anyone: leave for the whole day, or one slot she blocked. */
export type TodayClosure = { kind: "leave"; note: string } | { kind: "blocked"; time: string; note: string };

/**
 * GET /api/admin/today: the doctor's day in the clinic's zone. Confirmed, completed and missed consultations, in time
 * order (a hold still waiting for its payment is not one yet); and the times she closed.
 */
export interface AdminToday {
  /** The clinic's date today, "2026-11-27". */
  date: string;
  /** The server's clock (ISO), so the page counts down to the next consultation from the same time. */
  now: string;
  consultations: TodayConsultation[];
  closures: TodayClosure[];
  /** The date has hours of its own (an override) instead of the weekday's, with its note. */
  ownHours: { note: string } | null;
  /**
   * The day's latest press of Running late: the minutes, when (ISO), how many parents it told, and how many of its
   * messages did not go out (failed, retrying, or held because the channel is not set up); null if none.
   */
  runningLate: { minutes: number; at: string; parents: number; notSent: number } | null;
}

/**
 * GET /api/admin/calendar?from=&days=: the dates shown, from `from` (a clinic date; by default the Monday of the
 * clinic's week), 1 to 14 of them.
 */
const DAYS_MESSAGE = "Give the number of days once, in digits, from 1 to 14";

export const calendarQuerySchema = z
  .object({
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the first date as YYYY-MM-DD")
      .refine(isValidIsoDate, "Choose a date that exists")
      .optional(),
    // Digits only: a number written as "0x0e" or "1e1", or the parameter given twice, is refused, not guessed at.
    days: z
      .string({ error: DAYS_MESSAGE })
      .regex(/^\d{1,3}$/, DAYS_MESSAGE)
      .optional()
      .transform((value) => (value === undefined ? 7 : Number(value)))
      .pipe(z.number().min(1, "Show at least one day").max(14, "Show at most 14 days")),
  })
  // The last date shown must be a date too: 9999-12-31 has no next one.
  .refine(({ from, days }) => !from || from <= addDaysToDate(LAST_DATE, 1 - days), {
    message: "Choose a date before the year 10000",
    path: ["from"],
  });

/** One time of a day in the calendar: offered and free, blocked by the doctor, held for a payment, or booked. */
export type CalendarSlot = { time: string; durationMinutes: number; past: boolean } & (
  | { state: "free" }
  | {
      state: "blocked";
      note: string;
      /** The blocked time's own entry, to free it; null when set another way. */ exceptionId: string | null;
    }
  | { state: "held" | "booked"; appointment: AdminAppointment }
);

export interface CalendarDay {
  date: string;
  /** The doctor is on leave: the whole day, with the leave's note and entry. */
  leave: { note: string; exceptionId: string } | null;
  ownHours: { note: string } | null;
  /** In time order: the day's hours, and any booking outside them (made before the hours changed). */
  slots: CalendarSlot[];
}

/** GET /api/admin/calendar: the doctor's days, in the clinic's zone. */
export interface AdminCalendar {
  /** The clinic's date today. */
  today: string;
  /** The first date shown. */
  from: string;
  days: CalendarDay[];
}

/** How late the doctor may say she is running, in whole minutes (POST /api/admin/running-late). */
export const RUNNING_LATE_MIN_MINUTES = 5;
export const RUNNING_LATE_MAX_MINUTES = 120;
/** The estimates the Running late dialog offers. */
export const RUNNING_LATE_CHOICES = [5, 10, 15, 20, 30, 45, 60] as const;

const RUNNING_LATE_MESSAGE = `Choose how late you are running: ${RUNNING_LATE_MIN_MINUTES} to ${RUNNING_LATE_MAX_MINUTES} whole minutes`;

/** POST /api/admin/running-late: the doctor's estimate of how late she is running. */
export const runningLateSchema = z.object({
  minutes: z
    .number({ message: RUNNING_LATE_MESSAGE })
    .int(RUNNING_LATE_MESSAGE)
    .min(RUNNING_LATE_MIN_MINUTES, RUNNING_LATE_MESSAGE)
    .max(RUNNING_LATE_MAX_MINUTES, RUNNING_LATE_MESSAGE),
});
export type RunningLateInput = z.infer<typeof runningLateSchema>;

/**
 * Whether a consultation's parent is told that the doctor is running late: it is confirmed (not completed, missed or
 * cancelled), its parent is not being asked to choose another time, and it has not ended by the clock (its end, the
 * start plus its own length, is after `now`): the one whose time it is now and every later one of the day.
 */
export function hearsOfRunningLate(
  consultation: { status: string; waitingForParent: boolean; endsAt: Date },
  now: Date,
): boolean {
  return (
    consultation.status === "confirmed" &&
    !consultation.waitingForParent &&
    consultation.endsAt.getTime() > now.getTime()
  );
}

/** A consultation whose parent was told. */
export interface RunningLateNotice {
  id: string;
  bookingId: string;
  patientName: string;
  /** "19:20", the clinic's time. */
  appointmentTime: string;
  /** ISO. */
  startsAt: string;
  /** The channels a message went on. */
  channels: ("email" | "whatsapp")[];
}

/** The answer to POST /api/admin/running-late: how many parents were told, and whose consultations, in time order. */
export interface RunningLateResult {
  minutes: number;
  notified: number;
  appointments: RunningLateNotice[];
}
