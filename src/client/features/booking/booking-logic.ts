import { type Availability, type CreatedAppointment, type CreateAppointmentInput } from "@shared/booking";
import { ADULT_AGE, CONSENT_VERSIONS, type GuardianRelationship } from "@shared/consent";
import type { FollowUpOffer } from "@shared/follow-up";
import { DEFAULT_LANGUAGE, type Language } from "@shared/i18n/languages";
import { clinicDate, isTooSoon, slotStart } from "@shared/clinic-time";
import { calendarParts } from "@shared/i18n/words";
import type { DayAvailability } from "@shared/schedule";
import { SLOT_TIMES, slotLabel } from "@shared/slots";
import { formatLongDateWithWeekday } from "@/lib/format";
import { zoneClock } from "@/lib/room-opening";

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
  /** Both boxes of step 1, ticked for the wording of the page's language (`CONSENT_VERSIONS`). */
  teleconsultationConsent?: boolean;
  privacyAcknowledged?: boolean;
  /** The language and version of the wording the boxes were ticked for: the page's when step 1 was sent. */
  language?: Language | undefined;
  consentVersion?: string | undefined;
  appointmentDate: string;
  appointmentTime: string;
  couponCode?: string;
  discountedAmount?: number;
  /** A follow-up of a completed consultation, booked from its link at the follow-up fee, without a coupon. */
  followUp?: FollowUpBooking | undefined;
}

export interface FollowUpBooking {
  /** The key of the consultation's follow-up link. */
  key: string;
  fee: number;
  /** The last day the follow-up can take place (YYYY-MM-DD). */
  lastDate: string;
}

/** A new booking for the follow-up an offer describes: the patient as in the consultation, the rest to fill in. */
export function followUpBookingData(key: string, offer: FollowUpOffer): BookingData {
  return {
    ...emptyBookingData,
    patientName: offer.patientName,
    patientAge: offer.patientAge,
    ...(offer.patientAgeMonths !== null ? { patientAgeMonths: offer.patientAgeMonths } : {}),
    ...(offer.guardianName !== null ? { guardianName: offer.guardianName } : {}),
    ...(offer.guardianRelationship !== null
      ? { guardianRelationship: offer.guardianRelationship as GuardianRelationship }
      : {}),
    followUp: { key, fee: offer.fee, lastDate: offer.lastDate },
  };
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

/**
 * The age input, in years or in months, gives text; an empty field is no answer (undefined), which the schema
 * refuses as "Please enter a valid age" (0 years is an answer, and is told to give the months).
 */
export function parseAgeInput(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return Number(value);
}

/** What step 1's form holds while the parent types, before it becomes the booking's data. */
interface DetailsEntries {
  patientName?: string | undefined;
  patientPhone?: string | undefined;
  patientEmail?: string | undefined;
  patientAge?: number | undefined;
  patientAgeMonths?: number | undefined;
  reasonForConsultation?: string | undefined;
  guardianName?: string | undefined;
  guardianRelationship?: string | undefined;
  teleconsultationConsent?: boolean | undefined;
  privacyAcknowledged?: boolean | undefined;
}

/**
 * Whether the parent has typed or chosen anything on step 1 (a unit of months counts as a choice). Blank text and
 * an age field left empty do not: closing then loses nothing.
 */
export function hasDetailsEntries(entries: DetailsEntries, ageInMonths: boolean): boolean {
  const texts = [
    entries.patientName,
    entries.patientPhone,
    entries.patientEmail,
    entries.reasonForConsultation,
    entries.guardianName,
  ];
  return (
    ageInMonths ||
    texts.some((text) => typeof text === "string" && text.trim() !== "") ||
    (typeof entries.patientAge === "number" && !Number.isNaN(entries.patientAge)) ||
    entries.patientAgeMonths !== undefined ||
    Boolean(entries.guardianRelationship) ||
    entries.teleconsultationConsent === true ||
    entries.privacyAcknowledged === true
  );
}

/**
 * Whether closing the dialog would throw away something of the parent's, and so asks first: details given (also
 * when the booking resumed from this tab's storage), a time chosen, an appointment held or a payment started.
 * A confirmed booking (step 4) has nothing left to lose.
 */
export function bookingHasEntries(step: WizardStep, data: BookingData, typedOnStep1: boolean): boolean {
  if (step === 4) return false;
  if (step > 1) return true;
  const inMonths = data.patientAge === 0 && data.patientAgeMonths !== undefined;
  // In the booking's data an age of 0 without months is the empty field.
  const age = data.patientAge > 0 ? data.patientAge : undefined;
  return typedOnStep1 || hasDetailsEntries({ ...data, patientAge: age }, inMonths);
}

/**
 * The body of POST /api/appointments: coupon fields only when a coupon is applied. The language is the page's: the
 * consent's wording the parent read and the language of every message after.
 */
export function toCreateAppointmentInput(
  data: BookingData,
  language: Language = DEFAULT_LANGUAGE,
): CreateAppointmentInput {
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
    consentVersion: CONSENT_VERSIONS[language],
    language,
    appointmentDate: data.appointmentDate,
    appointmentTime: data.appointmentTime,
  };
  if (data.followUp) input.followUpKey = data.followUp.key;
  else if (data.couponCode) {
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

interface SlotOptionsInput {
  date: string;
  /** The date's slots from the schedule (GET /api/availability?date=), or the spec's answer for the fixed six. */
  availability: DayAvailability | Availability | undefined;
  /** The visitor's own zone (the browser's); a slot shows its local time beside the clinic's when they differ. */
  visitorTimeZone?: string | undefined;
  /** The visitor's time in the page's language; English ("2:30 PM your time") by default. */
  sayVisitorClock?: ((clock: VisitorClock) => string) | undefined;
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

/** A slot's start on the visitor's clock: its time ("14:30"), and its weekday (0 is Sunday) when the date differs. */
export interface VisitorClock {
  time: string;
  weekday?: number;
}

/**
 * The slot's start on the visitor's clock when it reads differently from the clinic's; undefined for a visitor in
 * the clinic's zone, or in one whose clock reads the same.
 */
export function visitorClock(
  date: string,
  time: string,
  clinicZone: string,
  visitorZone: string,
): VisitorClock | undefined {
  if (!visitorZone || visitorZone === clinicZone) return undefined;
  const instant = slotStart(date, time, clinicZone);
  const visitorDate = clinicDate(instant, visitorZone);
  const visitorTime = zoneClock(visitorZone).format(instant);
  if (visitorDate === date && visitorTime === time) return undefined;
  if (visitorDate === date) return { time: visitorTime };
  return { time: visitorTime, weekday: calendarParts(visitorDate)?.weekday ?? 0 };
}

const SHORT_WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** English: "2:30 PM your time", with the weekday when the date differs ("Sun 6:30 AM your time"). */
export function visitorClockInEnglish(clock: VisitorClock): string {
  const weekday = clock.weekday === undefined ? "" : `${SHORT_WEEKDAYS[clock.weekday]} `;
  return `${weekday}${slotLabel(clock.time)} your time`;
}

/**
 * The slot's start on the visitor's clock, when it reads differently from the clinic's: "2:30 PM your time", with the
 * weekday when the date differs too ("Sun 6:30 AM your time"). Undefined for a visitor in the clinic's zone. `say`
 * words it in the page's language (English by default).
 */
export function localSlotLabel(
  date: string,
  time: string,
  clinicZone: string,
  visitorZone: string,
  say: (clock: VisitorClock) => string = visitorClockInEnglish,
): string | undefined {
  const clock = visitorClock(date, time, clinicZone, visitorZone);
  return clock ? say(clock) : undefined;
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
      ? localSlotLabel(input.date, time, input.timeZone, input.visitorTimeZone, input.sayVisitorClock)
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
export function dateRangeError(
  date: string,
  min: string,
  max: string,
  /** The message, from the first and last bookable dates (YYYY-MM-DD): the page's language gives its own. */
  say: (min: string, max: string) => string = (first, last) =>
    `Please choose a date between ${formatLongDateWithWeekday(first)} and ${formatLongDateWithWeekday(last)}`,
): string | undefined {
  if (!date) return undefined;
  return date < min || date > max ? say(min, max) : undefined;
}

/** What an appointment is made from, as the form holds it (the price aside, which is the server's). */
export function appointmentKey(data: BookingData): string {
  const { discountedAmount: _price, ...input } = toCreateAppointmentInput(data);
  return JSON.stringify(input);
}

/**
 * After going back from the payment step the appointment already exists and holds its slot. Continuing with exactly
 * what it was made from (`createdFrom`, its `appointmentKey`) reuses it while the hold lasts; any change (a corrected
 * phone number or e-mail, another time, a coupon) makes a new appointment that replaces it.
 */
export function canReuseAppointment(
  appointment: CreatedAppointment | undefined,
  createdFrom: string | undefined,
  data: BookingData,
  now: Date,
): boolean {
  if (!appointment || createdFrom !== appointmentKey(data)) return false;
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
