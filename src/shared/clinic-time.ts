import { TZDate, tz } from "@date-fns/tz";
import { addMinutes, format, isBefore } from "date-fns";

/**
 * Dates and times in the clinic's zone (default Asia/Kolkata). Slots are clinic-local; instants are compared in UTC.
 * Every function takes `now` so that rules can be tested at any moment.
 */

/** The calendar date in the clinic's zone, as YYYY-MM-DD. */
export function clinicDate(now: Date, timeZone: string): string {
  return format(now, "yyyy-MM-dd", { in: tz(timeZone) });
}

/** Adds days to a YYYY-MM-DD date. */
export function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The clinic's date changes only on the minute; remember the last answer for that minute. */
let lastLocalMinute: { key: string; date: string } | undefined;

/** Today in the clinic's zone, as YYYY-MM-DD; the same as clinicDate, remembered for the minute. */
export function clinicToday(now: Date, timeZone: string): string {
  const key = `${timeZone} ${Math.floor(now.getTime() / 60_000)}`;
  if (lastLocalMinute?.key !== key) lastLocalMinute = { key, date: clinicDate(now, timeZone) };
  return lastLocalMinute.date;
}

export function latestBookableDate(now: Date, timeZone: string, horizonDays: number): string {
  return addDaysToDate(clinicToday(now, timeZone), horizonDays);
}

/**
 * Zone arithmetic goes through Intl and costs about 20 microseconds a call; availability asks for the same six
 * slot instants on every request, so they are remembered (a bounded cache: it is cleared when full).
 */
const slotStartCache = new Map<string, number>();

/** The instant a slot starts: "2026-11-22" + "19:00" in Asia/Kolkata is 2026-11-22T13:30:00Z. */
export function slotStart(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone} ${date} ${time}`;
  let instant = slotStartCache.get(key);
  if (instant === undefined) {
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    instant = new TZDate(year, month - 1, day, hour, minute, timeZone).getTime();
    if (slotStartCache.size >= 5000) slotStartCache.clear();
    slotStartCache.set(key, instant);
  }
  return new Date(instant);
}

/** A slot that starts in less than the minimum notice (or has started) cannot be booked any more. */
export function isTooSoon(
  date: string,
  time: string,
  now: Date,
  timeZone: string,
  minNoticeMinutes: number,
): boolean {
  return isBefore(slotStart(date, time, timeZone), addMinutes(now, minNoticeMinutes));
}

/** The zone's short name as people read it, e.g. "IST" for Asia/Kolkata, for labels like "7:00 PM IST". */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-IN", { timeZone, timeZoneName: "short" }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written as YYYY-MM-DD (rejects 2026-02-30). */
export function isValidIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
