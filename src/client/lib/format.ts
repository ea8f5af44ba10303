import { calendarParts } from "@shared/i18n/words";

/**
 * Dates as people in India read them: "Saturday, 21 November 2026", "21 November 2026" and "21 Nov 2026", one
 * function a format. They take a calendar date (YYYY-MM-DD)
 * that the server has already put in the clinic's zone, so the server's rendering and the browser's are identical,
 * and a page does not create an `Intl.DateTimeFormat` while it hydrates: the first one costs a phone tens of
 * milliseconds of its main thread. The month names are those of the "en-IN" locale (September is "Sept").
 */
const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

interface DateParts {
  day: number;
  month: string;
  year: string;
  weekday: string;
}

/** The parts of a calendar date in English, or undefined for anything that is not one (shown then as it is). */
function dateParts(date: string): DateParts | undefined {
  const parts = calendarParts(date);
  const monthName = parts && monthNames[parts.month - 1];
  const weekday = parts && weekdayNames[parts.weekday];
  if (!parts || !monthName || !weekday) return undefined;
  return { day: parts.day, month: monthName, year: parts.year, weekday };
}

/** "2026-11-22" -> "Sunday, 22 November 2026": an appointment's date where the parent reads it. */
export function formatLongDateWithWeekday(date: string): string {
  const parts = dateParts(date);
  return parts ? `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}` : date;
}

/** "2026-11-22" -> "22 November 2026". */
export function formatLongDate(date: string): string {
  const parts = dateParts(date);
  return parts ? `${parts.day} ${parts.month} ${parts.year}` : date;
}

/** "2026-11-22" -> "22 Nov 2026" ("7 Sept 2026"): lists and the dashboard. */
export function formatShortDate(date: string): string {
  const parts = dateParts(date);
  if (!parts) return date;
  return `${parts.day} ${parts.month === "September" ? "Sept" : parts.month.slice(0, 3)} ${parts.year}`;
}
