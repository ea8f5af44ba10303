import { type Availability, type CreatedAppointment, type CreateAppointmentInput } from "@shared/booking";
import { ADULT_AGE, CONSENT, type GuardianRelationship } from "@shared/consent";
import { isTooSoon, slotStart } from "@shared/clinic-time";
import type { DayAvailability } from "@shared/schedule";
import { SLOT_TIMES, slotLabel } from "@shared/slots";
import { formatLongDateWithWeekday } from "@/lib/format";

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

/** The booking form's data; coupon fields are set only while a coupon is applied. */
export interface BookingData {
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  /** 0 when the field was left empty, or for a baby under one year (with `patientAgeMonths`). */
  patientAge: number;
  /** A baby under one year: the age in months. */
  patientAgeMonths?: number | undefined;
  reasonForConsultation: string;
  /** The adult booking for a patient under 18. */
  guardianName?: string | undefined;
  guardianRelationship?: GuardianRelationship | undefined;
  /** Both boxes of step 1, ticked for the wording `CONSENT.version`. */
  teleconsultationConsent?: boolean;
  privacyAcknowledged?: boolean;
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

/** The age input gives text; an empty field counts as 0, which the schema then rejects. */
export function parseAgeInput(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return 0;
  return Number(value);
}

/** The same input in months: an empty field is no answer (undefined), which the schema then rejects. */
export function parseMonthsInput(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return Number(value);
}

/** The body of POST /api/appointments: coupon fields only when a coupon is applied. */
export function toCreateAppointmentInput(data: BookingData): CreateAppointmentInput {
  const input: CreateAppointmentInput = {
    patientName: data.patientName,
    patientEmail: data.patientEmail,
    patientPhone: data.patientPhone,
    patientAge: data.patientAge,
    ...(data.patientAge === 0 && data.patientAgeMonths !== undefined
      ? { patientAgeMonths: data.patientAgeMonths }
      : {}),
    reasonForConsultation: data.reasonForConsultation,
    ...(data.patientAge < ADULT_AGE
      ? { guardianName: data.guardianName, guardianRelationship: data.guardianRelationship }
      : {}),
    // Step 1 does not continue without both boxes; the server checks them again.
    teleconsultationConsent: data.teleconsultationConsent === true,
    privacyAcknowledged: data.privacyAcknowledged === true,
    consentVersion: CONSENT.version,
    appointmentDate: data.appointmentDate,
    appointmentTime: data.appointmentTime,
  };
  if (data.couponCode) {
    input.couponCode = data.couponCode;
    input.discountedAmount = data.discountedAmount;
  }
  return input;
}

export type SlotStatus = "available" | "booked" | "unavailable" | "held";

export interface SlotOption {
  time: string;
  /** "7:00 PM IST" */
  label: string;
  /** The same moment on the visitor's own clock when it reads differently: "2:30 PM your time". */
  localLabel?: string;
  status: SlotStatus;
}

export interface SlotOptionsInput {
  date: string;
  /** The date's slots from the schedule (GET /api/availability?date=), or the spec's answer for the fixed six. */
  availability: DayAvailability | Availability | undefined;
  /** The visitor's own zone (the browser's); a slot shows its local time beside the clinic's when they differ. */
  visitorTimeZone?: string | undefined;
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

const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = clockFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-IN", {
      timeZone,
      weekday: "short",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    clockFormats.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The slot's start on the visitor's clock, when it reads differently from the clinic's: "2:30 PM your time", with the
 * weekday when the date differs too ("Sun 6:30 AM your time"). Undefined for a visitor in the clinic's zone.
 */
export function localSlotLabel(
  date: string,
  time: string,
  clinicZone: string,
  visitorZone: string,
): string | undefined {
  if (!visitorZone || visitorZone === clinicZone) return undefined;
  const instant = slotStart(date, time, clinicZone);
  const parts = (zone: string) => {
    const all = clockIn(zone).formatToParts(instant);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      all.find((entry) => entry.type === type)?.value ?? "";
    return {
      weekday: part("weekday"),
      clock: `${part("hour")}:${part("minute")} ${part("dayPeriod").toUpperCase()}`,
    };
  };
  const clinic = parts(clinicZone);
  const visitor = parts(visitorZone);
  if (clinic.clock === visitor.clock && clinic.weekday === visitor.weekday) return undefined;
  return clinic.weekday === visitor.weekday
    ? `${visitor.clock} your time`
    : `${visitor.weekday} ${visitor.clock} your time`;
}

/** The date's slots as the server gave them: the schedule's times, or the spec's six for the older answer. */
function serverSlots(
  availability: SlotOptionsInput["availability"],
): { time: string; status: "available" | "booked" | "unavailable" }[] {
  if (availability && "slots" in availability) return availability.slots;
  const booked = new Set(availability?.bookedSlots ?? []);
  const unavailable = new Set(availability?.unavailableSlots ?? []);
  return SLOT_TIMES.map((time) => ({
    time,
    status: unavailable.has(time) ? "unavailable" : booked.has(time) ? "booked" : "available",
  }));
}

/**
 * The slots of the chosen date. The server's answer decides; the client also greys out slots that became too soon
 * while the dialog stayed open, because availability is fetched once and never refetched on its own.
 */
export function slotOptions(input: SlotOptionsInput): SlotOption[] {
  return serverSlots(input.availability).map(({ time, status }) => {
    const label = slotWithZone(time, input.timeZoneLabel);
    const local = input.visitorTimeZone
      ? localSlotLabel(input.date, time, input.timeZone, input.visitorTimeZone)
      : undefined;
    const base = local ? { time, label, localLabel: local } : { time, label };
    const tooSoon =
      status === "unavailable" ||
      isTooSoon(input.date, time, input.now, input.timeZone, input.minNoticeMinutes);
    if (tooSoon) return { ...base, status: "unavailable" };
    if (input.heldSlot && input.heldSlot.date === input.date && input.heldSlot.time === time) {
      return { ...base, status: "held" };
    }
    return { ...base, status };
  });
}

export function isSelectable(status: SlotStatus): boolean {
  return status === "available" || status === "held";
}

/** A date typed into the date field (keyboards can bypass min and max) must lie in the bookable range. */
export function dateRangeError(date: string, min: string, max: string): string | undefined {
  if (!date) return undefined;
  if (date < min || date > max) {
    return `Please choose a date between ${formatLongDateWithWeekday(min)} and ${formatLongDateWithWeekday(max)}`;
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
