import { clinicTimeZone } from "./site-profile";

/**
 * Dates as people in India read them: "21 November 2026" and "21 Nov 2026", in the clinic's time zone. A fixed zone
 * keeps the server's rendering and the browser's identical, whatever zone either runs in.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(month: "long" | "short"): Intl.DateTimeFormat {
  const key = `${month} ${clinicTimeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-IN", {
      day: "numeric",
      month,
      year: "numeric",
      timeZone: clinicTimeZone,
    });
    formatters.set(key, format);
  }
  return format;
}

export function formatLongDate(iso: string): string {
  return formatter("long").format(new Date(iso));
}

export function formatShortDate(iso: string): string {
  return formatter("short").format(new Date(iso));
}
