import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { formatRupees } from "@shared/booking";

/**
 * How messages write an appointment's time, booking id and amount. Times are always shown in the clinic's zone
 * with the zone named, because a parent abroad reads them too and must not guess which clock is meant.
 */

/** "Sunday, 22 November 2026, 7:00 PM IST": the body of an e-mail, a WhatsApp template parameter. */
export function formatWhenLong(at: Date, timeZone: string, zoneLabel: string): string {
  return `${format(at, "EEEE, d MMMM yyyy, h:mm a", { in: tz(timeZone) })} ${zoneLabel}`;
}

/** "Sun 22 Nov, 7:00 PM IST": subject lines, where space is short. */
export function formatWhenShort(at: Date, timeZone: string, zoneLabel: string): string {
  return `${format(at, "EEE d MMM, h:mm a", { in: tz(timeZone) })} ${zoneLabel}`;
}

/** "7:00 PM". */
export function formatClockTime(at: Date, timeZone: string): string {
  return format(at, "h:mm a", { in: tz(timeZone) });
}

/** "22 Nov 2026". */
export function formatDayShort(at: Date, timeZone: string): string {
  return format(at, "d MMM yyyy", { in: tz(timeZone) });
}

/** The booking id people see: '#' and the first 8 characters of the appointment id. */
export function bookingReference(bookingId: string): string {
  return `#${bookingId.slice(0, 8)}`;
}

/** "₹2,000", "₹1,00,000": Indian digit grouping. */
export function formatAmount(rupees: number): string {
  return `₹${formatRupees(rupees)}`;
}
