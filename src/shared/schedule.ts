import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { addDaysToDate, clinicToday, isTooSoon, isValidIsoDate, slotStart } from "./clinic-time";
import { wholeNumber } from "./whole-number";

/**
 * The doctor's schedule: which consultation slots exist on a date. One module answers it for availability, booking,
 * the admin's list of appointments needing action, the video room's window and the reminders, so a slot that is
 * not offered here cannot be offered anywhere.
 *
 * - The weekly template gives each weekday zero or more sessions (start, end, slot length, gap between slots).
 * - Exceptions win over the template: leave (a date range with no slots), a date's own hours (its sessions replace
 *   the weekday's), and single blocked slots.
 * - Times are wall-clock times in the clinic's zone ("19:00"); instants are derived with the zone's rules.
 */

export { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from "./weekdays";
import { WEEKDAYS, type Weekday } from "./weekdays";

/** "00:00" to "23:59": when a session or a slot starts. */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A session may end at midnight, written "24:00". */
const END_TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export function isClockTime(value: string): boolean {
  return CLOCK_TIME_PATTERN.test(value);
}

/** "19:40" -> 1180 minutes after midnight. */
function minutesOfDay(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/** 1180 -> "19:40". */
function clockTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "19:40" and 20 minutes -> "20:00": when a slot of that length ends. */
export function clockTimeAfter(time: string, minutes: number): string {
  return clockTime(minutesOfDay(time) + minutes);
}

const SLOT_MINUTES_MIN = 5;
const SLOT_MINUTES_MAX = 240;
export const SESSIONS_PER_DAY_MAX = 6;

export const sessionSchema = z
  .object({
    start: z.string().regex(CLOCK_TIME_PATTERN, "Enter the start as a time such as 19:00"),
    end: z.string().regex(END_TIME_PATTERN, "Enter the end as a time such as 21:00"),
    slotMinutes: wholeNumber(SLOT_MINUTES_MIN, SLOT_MINUTES_MAX, {
      invalid: "Enter the length of a consultation in minutes",
      whole: "Enter whole minutes",
      tooSmall: `A consultation lasts at least ${SLOT_MINUTES_MIN} minutes`,
      tooLarge: `A consultation lasts at most ${SLOT_MINUTES_MAX} minutes`,
    }),
    gapMinutes: wholeNumber(0, SLOT_MINUTES_MAX, {
      invalid: "Enter the gap between consultations in minutes",
      whole: "Enter whole minutes",
      tooSmall: "The gap cannot be negative",
      tooLarge: `The gap is at most ${SLOT_MINUTES_MAX} minutes`,
    }),
  })
  .refine((session) => minutesOfDay(session.end) >= minutesOfDay(session.start) + session.slotMinutes, {
    message: "The session must end after the start, with room for at least one consultation",
    path: ["end"],
  });
export type Session = z.infer<typeof sessionSchema>;

/** A day's sessions: at most six, none overlapping another. */
export const daySessionsSchema = z
  .array(sessionSchema)
  .max(SESSIONS_PER_DAY_MAX, `A day has at most ${SESSIONS_PER_DAY_MAX} sessions`)
  .superRefine((sessions, context) => {
    const sorted = sessions
      .map((session, index) => ({ session, index }))
      .sort((a, b) => minutesOfDay(a.session.start) - minutesOfDay(b.session.start));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1];
      const current = sorted[i];
      if (previous && current && minutesOfDay(current.session.start) < minutesOfDay(previous.session.end)) {
        context.addIssue({
          code: "custom",
          message: "Sessions on one day must not overlap",
          path: [current.index, "start"],
        });
      }
    }
  });

export const weeklyTemplateSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, daySessionsSchema])) as Record<
    Weekday,
    typeof daySessionsSchema
  >,
);
export type WeeklyTemplate = z.infer<typeof weeklyTemplateSchema>;

/** Today's behaviour, before the doctor changes anything: every day, 7:00 PM to 9:00 PM, 20-minute slots. */
export const DEFAULT_SESSION: Session = { start: "19:00", end: "21:00", slotMinutes: 20, gapMinutes: 0 };
export const DEFAULT_WEEKLY_TEMPLATE: WeeklyTemplate = Object.fromEntries(
  WEEKDAYS.map((day) => [day, [DEFAULT_SESSION]]),
) as WeeklyTemplate;
/** The length of a consultation booked before the schedule existed, and of the default slots. */
export const DEFAULT_SLOT_MINUTES = DEFAULT_SESSION.slotMinutes;

/** Exceptions to the weekly template. */
export type ScheduleException =
  | { id: string; kind: "leave"; startsOn: string; endsOn: string; note: string }
  | { id: string; kind: "hours"; startsOn: string; endsOn: string; sessions: Session[]; note: string }
  | { id: string; kind: "block"; startsOn: string; endsOn: string; time: string; note: string };

/** What the rules need to know about the schedule for a range of dates. */
export interface ScheduleFacts {
  weekly: WeeklyTemplate;
  /** Every exception that touches the range (more do no harm). */
  exceptions: readonly ScheduleException[];
}

/** The booking rules that come with the schedule: the clinic's zone and the doctor's notice and horizon. */
export interface BookingRules {
  timeZone: string;
  minNoticeMinutes: number;
  horizonDays: number;
}

export interface OfferedSlot {
  /** "19:00", the start in the clinic's zone. */
  time: string;
  durationMinutes: number;
}

/** The start times of one session: a slot fits when it ends by the session's end; the gap follows every slot. */
export function sessionSlots(session: Session): OfferedSlot[] {
  const slots: OfferedSlot[] = [];
  const end = minutesOfDay(session.end);
  const step = session.slotMinutes + session.gapMinutes;
  for (let start = minutesOfDay(session.start); start + session.slotMinutes <= end; start += step) {
    slots.push({ time: clockTime(start), durationMinutes: session.slotMinutes });
  }
  return slots;
}

/** The weekday of a YYYY-MM-DD calendar date (no zone is involved in a calendar date). */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

/**
 * Whether the zone ever changes its offset (daylight saving). Asia/Kolkata does not, and then no wall-clock time
 * can be missing; a zone with daylight saving skips an hour once a year, and a slot in it does not exist.
 */
const zoneShifts = new Map<string, boolean>();
function zoneHasDaylightSaving(timeZone: string): boolean {
  let shifts = zoneShifts.get(timeZone);
  if (shifts === undefined) {
    const year = new Date().getUTCFullYear();
    const offsets = new Set(
      Array.from({ length: 12 }, (_, month) =>
        new TZDate(year, month, 1, 12, 0, timeZone).getTimezoneOffset(),
      ),
    );
    shifts = offsets.size > 1;
    zoneShifts.set(timeZone, shifts);
  }
  return shifts;
}

/** False for a wall-clock time the zone skips that day (02:30 on the night clocks go forward). */
export function existsInZone(date: string, time: string, timeZone: string): boolean {
  if (!zoneHasDaylightSaving(timeZone)) return true;
  const instant = new TZDate(slotStart(date, time, timeZone).getTime(), timeZone);
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return instant.getHours() === hours && instant.getMinutes() === minutes;
}

export interface DayPlan {
  /** A leave range covers the date: nothing is offered, whatever else is set. */
  leave?: { note: string };
  /** The date has its own hours, which replace the weekday's. */
  ownHours?: { note: string };
  /** Slots offered on the date, in time order, blocked ones removed. */
  slots: OfferedSlot[];
  /** Slots of the date's hours that the doctor blocked, with the note. */
  blocked: { time: string; durationMinutes: number; note: string }[];
}

function covers(exception: ScheduleException, date: string): boolean {
  return exception.startsOn <= date && date <= exception.endsOn;
}

/** The slots offered on a date: leave wins, then the date's own hours, then the weekday; blocked slots are removed. */
export function dayPlan(date: string, facts: ScheduleFacts, timeZone: string): DayPlan {
  let leave: DayPlan["leave"];
  let ownHours: ScheduleException | undefined;
  const blockedNotes = new Map<string, string>();
  for (const exception of facts.exceptions) {
    if (!covers(exception, date)) continue;
    if (exception.kind === "leave") leave ??= { note: exception.note };
    else if (exception.kind === "hours") ownHours ??= exception;
    else blockedNotes.set(exception.time, exception.note);
  }
  if (leave) return { leave, slots: [], blocked: [] };
  const sessions = ownHours?.kind === "hours" ? ownHours.sessions : facts.weekly[weekdayOf(date)];
  const all = sessions
    .flatMap(sessionSlots)
    .filter((slot) => existsInZone(date, slot.time, timeZone))
    .sort((a, b) => minutesOfDay(a.time) - minutesOfDay(b.time));
  return {
    ...(ownHours ? { ownHours: { note: ownHours.note } } : {}),
    slots: all.filter((slot) => !blockedNotes.has(slot.time)),
    blocked: all
      .filter((slot) => blockedNotes.has(slot.time))
      .map((slot) => ({
        time: slot.time,
        durationMinutes: slot.durationMinutes,
        note: blockedNotes.get(slot.time) ?? "",
      })),
  };
}

/** When an appointment starts and ends, from its date, time and length (stored when it was booked). */
export function appointmentInterval(
  appointment: { appointmentDate: string; appointmentTime: string; durationMinutes: number },
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  const startsAt = slotStart(appointment.appointmentDate, appointment.appointmentTime, timeZone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + appointment.durationMinutes * 60_000) };
}

/** A slot held or booked: an appointment's start and length on a date. */
export interface TakenSlot {
  date: string;
  time: string;
  durationMinutes: number;
}

function overlaps(slot: OfferedSlot, taken: readonly TakenSlot[]): boolean {
  const start = minutesOfDay(slot.time);
  const end = start + slot.durationMinutes;
  return taken.some((other) => {
    const otherStart = minutesOfDay(other.time);
    return otherStart < end && start < otherStart + other.durationMinutes;
  });
}

/** Why a date has no free slot. */
export type DayClosedReason = "past" | "beyond_horizon" | "leave" | "day_off" | "fully_booked";

type SlotAvailabilityStatus = "available" | "booked" | "unavailable";

interface DaySlots {
  date: string;
  freeSlots: number;
  reason?: DayClosedReason;
  slots: (OfferedSlot & { status: SlotAvailabilityStatus })[];
}

/** The first and last dates a parent may book: today in the clinic's zone, and the horizon after it. */
export function bookableRange(now: Date, rules: BookingRules): { first: string; last: string } {
  const first = clinicToday(now, rules.timeZone);
  return { first, last: addDaysToDate(first, rules.horizonDays) };
}

/**
 * The slots of a date as a parent may book them. A slot is unavailable when it starts within the minimum notice or
 * the date is outside the bookable range; booked when it overlaps a held or booked appointment (one kept from
 * earlier hours may not start on this grid); else available.
 */
export function daySlots(
  date: string,
  facts: ScheduleFacts,
  taken: readonly TakenSlot[],
  rules: BookingRules,
  now: Date,
  range = bookableRange(now, rules),
): DaySlots {
  const plan = dayPlan(date, facts, rules.timeZone);
  const outside = date < range.first ? "past" : date > range.last ? "beyond_horizon" : undefined;
  const takenToday = taken.filter((slot) => slot.date === date);
  const slots = plan.slots.map((slot) => {
    let status: SlotAvailabilityStatus = "available";
    if (outside || isTooSoon(date, slot.time, now, rules.timeZone, rules.minNoticeMinutes))
      status = "unavailable";
    else if (overlaps(slot, takenToday)) status = "booked";
    return { ...slot, status };
  });
  const freeSlots = slots.filter((slot) => slot.status === "available").length;
  let reason: DayClosedReason | undefined;
  if (outside) reason = outside;
  else if (plan.leave) reason = "leave";
  else if (slots.length === 0) reason = "day_off";
  else if (freeSlots === 0)
    reason = slots.every((slot) => slot.status === "unavailable") ? "past" : "fully_booked";
  return { date, freeSlots, ...(reason ? { reason } : {}), slots };
}

/** "2026-11" -> every date of that month. */
export function datesOfMonth(month: string): string[] {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isValidMonth(value: string): boolean {
  return MONTH_PATTERN.test(value) && isValidIsoDate(`${value}-01`);
}

/** "2026-11" + 1 -> "2026-12". */
export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}

/** The words a page shows for a date without free slots. */
export function dayClosedMessage(reason: DayClosedReason, horizonDays: number): string {
  switch (reason) {
    case "past":
      return "This date can no longer be booked.";
    case "beyond_horizon":
      return `Appointments can be booked up to ${horizonDays} days ahead.`;
    case "leave":
      return "The doctor is on leave on this date.";
    case "day_off":
      return "There are no consultations on this date.";
    case "fully_booked":
      return "Every time on this date is booked.";
  }
}

/** GET /api/availability?date=YYYY-MM-DD */
export interface DayAvailability extends DaySlots {
  /** With a reason: the words to show. */
  message?: string;
}

/** GET /api/availability?month=YYYY-MM: for each date of the month in the clinic's zone, how many slots are free. */
export interface MonthAvailability {
  month: string;
  /** Today and the last bookable date, in the clinic's zone. */
  firstBookableDate: string;
  lastBookableDate: string;
  days: { date: string; freeSlots: number; reason?: DayClosedReason }[];
}

const longDateFormat = new Intl.DateTimeFormat("en-IN", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11-22" -> "Sunday, 22 November 2026" (a calendar date: no zone is involved). */
export function longDate(date: string): string {
  return longDateFormat.format(new Date(`${date}T00:00:00Z`));
}
