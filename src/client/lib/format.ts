/**
 * Dates as people in India read them: "21 November 2026" and "21 Nov 2026". They take a calendar date (YYYY-MM-DD)
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

function dateParts(date: string): { day: number; month: string; year: string } {
  const [year = "", month = "", day = ""] = date.split("-");
  return { day: Number(day), month: monthNames[Number(month) - 1] ?? "", year };
}

export function formatLongDate(date: string): string {
  const { day, month, year } = dateParts(date);
  return `${day} ${month} ${year}`;
}

export function formatShortDate(date: string): string {
  const { day, month, year } = dateParts(date);
  return `${day} ${month === "September" ? "Sept" : month.slice(0, 3)} ${year}`;
}
