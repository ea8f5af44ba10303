import { type Availability, type CreatedAppointment, type CreateAppointmentInput } from "@shared/booking";
import { isTooSoon } from "@shared/clinic-time";
import { SLOT_TIMES, slotLabel } from "@shared/slots";
import { format } from "date-fns";

/**
 * The booking wizard's rules that need no browser: what the form holds, how slots are shown, when an appointment
 * already created can be reused. Kept apart from the components so that they can be tested in Node.
 */

export type WizardStep = 1 | 2 | 3 | 4;

export const WIZARD_STEPS: readonly { step: WizardStep; label: string }[] = [
  { step: 1, label: "Details" },
  { step: 2, label: "Time Slot" },
  { step: 3, label: "Payment" },
  { step: 4, label: "Confirm" },
];

/** The booking form data of spec section 3; coupon fields are set only while a coupon is applied. */
export interface BookingData {
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  /** 0 when the field was left empty. */
  patientAge: number;
  reasonForConsultation: string;
  appointmentDate: string;
  appointmentTime: string;
  couponCode?: string;
  discountedAmount?: number;
}

export const emptyBookingData: BookingData = {
  patientName: "",
  patientEmail: "",
  patientPhone: "",
  patientAge: 0,
  reasonForConsultation: "",
  appointmentDate: "",
  appointmentTime: "",
};

/** The age input gives text; an empty field counts as 0 (spec section 3), which the schema then rejects. */
export function parseAgeInput(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return 0;
  return Number(value);
}

/** The body of POST /api/appointments: coupon fields only when a coupon is applied. */
export function toCreateAppointmentInput(data: BookingData): CreateAppointmentInput {
  const input: CreateAppointmentInput = {
    patientName: data.patientName,
    patientEmail: data.patientEmail,
    patientPhone: data.patientPhone,
    patientAge: data.patientAge,
    reasonForConsultation: data.reasonForConsultation,
    appointmentDate: data.appointmentDate,
    appointmentTime: data.appointmentTime,
  };
  if (data.couponCode) {
    input.couponCode = data.couponCode;
    input.discountedAmount = data.discountedAmount;
  }
  return input;
}

/** Coupon codes are compared trimmed and upper-cased (spec section 5). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export type SlotStatus = "available" | "booked" | "unavailable" | "held";

export interface SlotOption {
  time: string;
  /** "7:00 PM IST" */
  label: string;
  status: SlotStatus;
}

export interface SlotOptionsInput {
  date: string;
  availability: Availability | undefined;
  now: Date;
  timeZone: string;
  timeZoneLabel: string;
  minNoticeMinutes: number;
  /** The visitor's own unexpired hold, which the server reports as booked but which is theirs to keep. */
  heldSlot?: { date: string; time: string } | undefined;
}

/** "19:00" + "IST" -> "7:00 PM IST". */
export function slotWithZone(time: string, zoneLabel: string): string {
  return zoneLabel ? `${slotLabel(time)} ${zoneLabel}` : slotLabel(time);
}

/**
 * The six slots of the chosen date. The server's answer decides; the client also greys out slots that became too
 * soon while the dialog stayed open, because availability is fetched once and never refetched on its own.
 */
export function slotOptions(input: SlotOptionsInput): SlotOption[] {
  const booked = new Set(input.availability?.bookedSlots ?? []);
  const unavailable = new Set(input.availability?.unavailableSlots ?? []);
  return SLOT_TIMES.map((time) => {
    const label = slotWithZone(time, input.timeZoneLabel);
    const tooSoon =
      unavailable.has(time) || isTooSoon(input.date, time, input.now, input.timeZone, input.minNoticeMinutes);
    if (tooSoon) return { time, label, status: "unavailable" };
    if (input.heldSlot && input.heldSlot.date === input.date && input.heldSlot.time === time) {
      return { time, label, status: "held" };
    }
    return { time, label, status: booked.has(time) ? "booked" : "available" };
  });
}

export function isSelectable(status: SlotStatus): boolean {
  return status === "available" || status === "held";
}

/** "2026-11-22" -> "Sunday, 22 November 2026" (the date is a calendar date; no time zone is involved). */
export function formatAppointmentDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  if (!year || !month || !day) return isoDate;
  return format(new Date(year, month - 1, day), "EEEE, d MMMM yyyy");
}

/** A date typed into the date field (keyboards can bypass min and max) must lie in the bookable range. */
export function dateRangeError(date: string, min: string, max: string): string | undefined {
  if (!date) return undefined;
  if (date < min || date > max) {
    return `Please choose a date between ${formatAppointmentDate(min)} and ${formatAppointmentDate(max)}`;
  }
  return undefined;
}

/**
 * After going back from the payment step the appointment already exists and holds its slot. Continuing with the
 * same date, time and coupon reuses it (a second booking would collide with the visitor's own hold); anything else
 * creates a new appointment and lets the first hold lapse.
 */
export function canReuseAppointment(
  appointment: CreatedAppointment | undefined,
  data: BookingData,
  now: Date,
): appointment is CreatedAppointment {
  if (!appointment) return false;
  if (appointment.appointmentDate !== data.appointmentDate) return false;
  if (appointment.appointmentTime !== data.appointmentTime) return false;
  if (appointment.couponApplied !== Boolean(data.couponCode)) return false;
  const expires = Date.parse(appointment.holdExpiresAt);
  return Number.isNaN(expires) || expires > now.getTime();
}

/** The slot of an unexpired hold, to show it as the visitor's own rather than as booked. */
export function heldSlotOf(
  appointment: CreatedAppointment | undefined,
  now: Date,
): { date: string; time: string } | undefined {
  if (!appointment) return undefined;
  const expires = Date.parse(appointment.holdExpiresAt);
  if (!Number.isNaN(expires) && expires <= now.getTime()) return undefined;
  return { date: appointment.appointmentDate, time: appointment.appointmentTime };
}

/** The transport's errors read "{status}: {body}". */
export function isHttpStatus(error: unknown, status: number): boolean {
  return error instanceof Error && error.message.startsWith(`${status}:`);
}

/** Query keys that start with this prefix hold availability; the success handler refreshes them all. */
export const APPOINTMENTS_KEY_PREFIX = "/api/appointments";

export function availabilityKey(date: string): [string] {
  return [`${APPOINTMENTS_KEY_PREFIX}?date=${date}`];
}

export function isAppointmentsQueryKey(queryKey: readonly unknown[]): boolean {
  const first = queryKey[0];
  return typeof first === "string" && first.startsWith(APPOINTMENTS_KEY_PREFIX);
}
