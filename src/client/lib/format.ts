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

/** A calendar date's numbers: month 1-12, weekday 0 (Sunday) to 6; undefined for anything that is not a date. */
export function calendarParts(
  date: string,
): { day: number; month: number; year: string; weekday: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [, year = "", month = "", day = ""] = match;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12 || Number(day) < 1 || Number(day) > 31) return undefined;
  const weekday = new Date(Date.UTC(Number(year), monthNumber - 1, Number(day))).getUTCDay();
  return { day: Number(day), month: monthNumber, year, weekday };
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
