import type { ConsultationHoursGroup } from "./consultation-hours";
import { z } from "zod";
import { type ConsultationType, FOLLOW_UP_KEY_PATTERN } from "./follow-up";
import { isValidIsoDate } from "./clinic-time";
import { isPlainText } from "./text";
import { EMAIL_PATTERN } from "./email";
import { ADULT_AGE, CONSENT_VERSIONS, GUARDIAN_RELATIONSHIPS } from "./consent";
import { isClockTime } from "./schedule";
import { wholeNumber } from "./whole-number";
import { mobilePhoneSchema } from "./phone";
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from "./i18n/languages";
import { ARTICLE_SLUG_MAX_LENGTH, ARTICLE_SLUG_PATTERN } from "./article-slug";

/**
 * The booking form. The same schemas validate the dialog's steps in the browser and
 * POST /api/appointments on the server, with the same messages.
 */

/**
 * A name on one line, without control characters or invisible marks (see isPlainText). A name with no letter at all
 * ("12345", accents alone) is left to the letters check, whose message says what is missing.
 */
function isPlainName(name: string): boolean {
  return !hasLetter(name) || isPlainText(name);
}

/**
 * A letter of any script (\p{L}): Latin with or without accents, Devanagari, Kannada and the other Indian scripts.
 * Their vowel signs and viramas, and accents typed as separate characters, are combining marks (\p{M}): a name keeps
 * them, but they belong to a letter and do not count as one alone. Digits, symbols, emoji and punctuation are no
 * letters either; a name may hold them ("B/O Meena", "Baby 2") beside at least one letter.
 */
const LETTER = /\p{L}/u;

/** Whether a name has at least one letter: "12345", "🙂🙂" and "---" are not names. */
export function hasLetter(name: string): boolean {
  return LETTER.test(name);
}

const NAME_WITHOUT_LETTERS = "Please enter a name with letters, not only numbers or symbols";

/** The letters check, said only when the name is otherwise fine: an empty or unplain name has its own message. */
function lettersOrOtherProblem(name: string): boolean {
  return name === "" || hasLetter(name);
}

/** A baby under one year is booked in months: 0 years alone is not an age, and the form says where to go. */
const AGE_IN_MONTHS = "For a baby under one year, choose months and enter the age in months";

const CONSENT_CHANGED =
  "The consent wording has changed since this page was opened. Please reload the page and read it again.";

const patientDetailsFields = z.object({
  patientName: z
    .string()
    .trim()
    .min(1, "Patient name is required")
    .max(100, "Please keep the name under 100 characters")
    // A name is one line of text: control characters would end up in e-mail headers and calendar invites.
    .refine(isPlainName, "Please enter the name without special characters")
    .refine(lettersOrOtherProblem, NAME_WITHOUT_LETTERS),
  patientEmail: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(254, "Please enter a valid email address")
    .regex(EMAIL_PATTERN, "Please enter a valid email address"),
  /** A mobile number WhatsApp can reach: Indian, or another country's starting with "+" (see ./phone.ts). */
  patientPhone: mobilePhoneSchema,
  /** Whole years; 0 for a baby under one year, whose age in months is `patientAgeMonths`. */
  patientAge: wholeNumber(0, 120, "Please enter a valid age"),
  patientAgeMonths: wholeNumber(0, 11, "Please enter the age in months (0 to 11)").optional(),
  reasonForConsultation: z
    .string()
    .trim()
    .min(1, "Please provide reason for consultation")
    .max(2000, "Please keep the reason under 2000 characters"),
  /** The parent or guardian booking for a patient under 18 (required then; ignored for an adult patient). */
  guardianName: z
    .string()
    .trim()
    .max(100, "Please keep the name under 100 characters")
    .refine(isPlainName, "Please enter the name without special characters")
    // Left empty, it is asked for below (for a patient under 18) with its own message.
    .refine(lettersOrOtherProblem, NAME_WITHOUT_LETTERS)
    .optional(),
  guardianRelationship: z
    .enum(GUARDIAN_RELATIONSHIPS, "Please choose your relationship to the patient")
    .optional(),
  /**
   * Both boxes ticked, for the wording of `consentVersion`; the booking is refused otherwise. Checked with the age
   * below (not as literals here), so that the form shows every message of the step at once.
   */
  teleconsultationConsent: z.boolean("Please agree to the teleconsultation consent to continue").optional(),
  privacyAcknowledged: z.boolean("Please confirm you have read the Privacy Notice").optional(),
  consentVersion: z.string(CONSENT_CHANGED).max(40, CONSENT_CHANGED).optional(),
  /**
   * The language of the page the booking was made on: the consent's wording is that language's, and every message and
   * document to the parent follows it. Anything else is dropped, never refused (English then): it cannot stop a
   * booking.
   */
  language: z.enum(LANGUAGES).optional().catch(undefined),
});

/**
 * A baby under one year is booked with an age of 0 years and the months beside it; an age of 0 without the months is
 * answered with where to give the months (an empty age field sends no age, which is "Please enter a valid age"). A
 * patient under 18 is booked by a parent or guardian, who is named; and the consent must be the one in force now.
 */
function checkDetails(
  data: {
    patientAge: number;
    patientAgeMonths?: number | undefined;
    guardianName?: string | undefined;
    guardianRelationship?: string | undefined;
    teleconsultationConsent?: boolean | undefined;
    privacyAcknowledged?: boolean | undefined;
    consentVersion?: string | undefined;
    language?: Language | undefined;
  },
  context: z.RefinementCtx,
) {
  if (data.patientAge === 0 && data.patientAgeMonths === undefined)
    context.addIssue({ code: "custom", path: ["patientAge"], message: AGE_IN_MONTHS });
  if (data.patientAge < ADULT_AGE) {
    if (!data.guardianName)
      context.addIssue({
        code: "custom",
        path: ["guardianName"],
        message: "Please enter the name of the parent or guardian",
      });
    if (!data.guardianRelationship)
      context.addIssue({
        code: "custom",
        path: ["guardianRelationship"],
        message: "Please choose your relationship to the patient",
      });
  }
  if (data.teleconsultationConsent !== true)
    context.addIssue({
      code: "custom",
      path: ["teleconsultationConsent"],
      message: "Please agree to the teleconsultation consent to continue",
    });
  if (data.privacyAcknowledged !== true)
    context.addIssue({
      code: "custom",
      path: ["privacyAcknowledged"],
      message: "Please confirm you have read the Privacy Notice",
    });
  else if (
    data.teleconsultationConsent === true &&
    data.consentVersion !== CONSENT_VERSIONS[data.language ?? DEFAULT_LANGUAGE]
  )
    context.addIssue({
      code: "custom",
      path: ["consentVersion"],
      message: CONSENT_CHANGED,
    });
}

export const patientDetailsSchema = patientDetailsFields.superRefine(checkDetails);

export const slotChoiceSchema = z.object({
  appointmentDate: z
    .string()
    .min(1, "Please select an appointment date")
    .refine(isValidIsoDate, "Please select an appointment date"),
  appointmentTime: z
    .string()
    .min(1, "Please select a time slot")
    // Any time of day; whether the schedule offers it on that date is the server's question (a 400 with the same words).
    .refine(isClockTime, "Please select one of the available time slots"),
});

/** A follow-up link's key, as a booking sends it. */
export const followUpKeySchema = z.string().regex(FOLLOW_UP_KEY_PATTERN, "This follow-up link is not valid.");

export const createAppointmentSchema = patientDetailsFields
  .extend({
    ...slotChoiceSchema.shape,
    couponCode: z.string().trim().max(50).optional(),
    /** Sent by the spec's client when a coupon is applied; the server ignores it and computes the price itself. */
    discountedAmount: z.number().optional(),
    /**
     * The same parent's earlier hold, not paid, that this booking replaces (details or the coupon changed on the way
     * back from the payment step): it is released in the same transaction, so its time can be taken again at once.
     */
    replacesAppointmentId: z.string().uuid("Unknown appointment").optional(),
    /** The key of a completed consultation's follow-up link: the booking is that consultation's follow-up. */
    followUpKey: followUpKeySchema.optional(),
    /**
     * The slug of the article whose page the dialog was opened on, for the doctor's insights. What is not a slug is
     * dropped, never refused: it cannot stop a booking. The server keeps it only when an article has it.
     */
    sourceArticle: z
      .string()
      .max(ARTICLE_SLUG_MAX_LENGTH)
      .regex(ARTICLE_SLUG_PATTERN)
      .optional()
      .catch(undefined),
  })
  .superRefine(checkDetails);

export type PatientDetails = z.infer<typeof patientDetailsSchema>;
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;

/** GET /api/config */
export interface PublicConfig {
  consultationFee: number;
  /** The follow-up rule: a follow-up within `withinDays` days of a completed consultation, for `fee` (0: free). */
  followUp: { fee: number; withinDays: number } | null;
  currency: "INR";
  couponAvailable: boolean;
  paymentProvider: "cashfree" | "simulator";
  /** Cashfree's SDK mode; the simulator reports "sandbox". */
  paymentMode: "sandbox" | "production";
  clinicTimeZone: string;
  /** Short zone name for labels: "IST". */
  timeZoneLabel: string;
  holdMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** The doctor's weekly hours as the pages state them (src/shared/consultation-hours.ts). */
  consultationHours: ConsultationHoursGroup[];
}

/** POST /api/coupons/validate */
export const couponValidateSchema = z.object({ code: z.string().max(50) });
export interface CouponValidation {
  valid: boolean;
  /** What the visitor pays: the coupon fee when valid, the consultation fee otherwise. */
  fee: number;
  /** Consultation fee minus the coupon fee when valid, else 0. */
  discount: number;
}

/** GET /api/appointments?date=YYYY-MM-DD */
export interface Availability {
  date: string;
  /** Slots held by a confirmed or completed appointment or an unexpired payment hold. */
  bookedSlots: string[];
  /** Slots that have started or start within the minimum notice, or the whole day when outside the bookable range. */
  unavailableSlots: string[];
}

export type AppointmentStatus =
  "pending_payment" | "confirmed" | "completed" | "expired" | "cancelled" | "no_show";
/**
 * The money's state: paid, or (after a cancellation or a refused late payment) a refund on its way, done in full, or
 * done in part (a 50 % refund). "refund_pending" lasts until the gateway says every refund is final.
 */
export type PaymentStatus =
  "pending" | "paid" | "failed" | "refund_pending" | "refunded" | "partially_refunded";

/** Whose an appointment is, how to reach the parent, and when: what every answer naming one appointment carries. */
export interface AppointmentSummary {
  id: string;
  bookingId: string;
  patientName: string;
  /** Where WhatsApp messages go, as stored: E.164 ("+919845012345"). */
  patientPhone: string;
  /** Where the e-mails go. */
  patientEmail: string;
  appointmentDate: string;
  appointmentTime: string;
}

/** POST /api/appointments answers { appointment: CreatedAppointment } with status 201. */
export interface CreatedAppointment extends AppointmentSummary {
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  /** What the patient pays, in rupees. */
  amount: number;
  /** The consultation fee before any coupon. */
  originalFee: number;
  couponApplied: boolean;
  holdExpiresAt: string;
  /** A follow-up is booked at the follow-up fee; a free one is confirmed at once, with no payment step. */
  consultationType: ConsultationType;
}

/** POST /api/create-order */
export const createOrderSchema = z.object({ appointmentId: z.string().uuid("Unknown appointment") });
export interface CreatedOrder {
  orderId: string;
  paymentSessionId: string;
  provider: "cashfree" | "simulator";
  mode: "sandbox" | "production";
  amount: number;
  /** The simulator's checkout page; absent for Cashfree, whose SDK opens its own. */
  checkoutUrl?: string;
}

/**
 * What became of the appointment, which a gateway's PAID does not tell: a payment can arrive after its slot went to
 * someone else, or for less than the price, and is then refunded instead of confirming anything.
 */
export type PaymentOutcome =
  "confirmed" | "refund_pending" | "refunded" | "failed" | "pending" | "expired" | "cancelled";

/**
 * Why a received payment is being refunded: the slot was booked by someone else first, the amount was short, or the
 * doctor is not available at that time any more (leave, changed hours or a blocked time while the parent paid).
 */
export type RefundReason = "slot_taken" | "underpaid" | "doctor_unavailable";

/** GET /api/verify-payment/{orderId} */
export interface PaymentVerification {
  /** "PAID", or the gateway's other state: "ACTIVE", "FAILED", "USER_DROPPED", "EXPIRED"... */
  status: string;
  /** The appointment's real state after the payment was applied; only "confirmed" is a booking. */
  outcome: PaymentOutcome;
  orderId: string;
  amount: number;
  bookingId?: string;
  appointmentDate?: string;
  appointmentTime?: string;
  /** With outcome refund_pending or refunded: why, what goes back, and the price the payment was for. */
  refund?: { reason: RefundReason; amount: number; price: number };
  /**
   * With outcome confirmed: the parent's own link to manage the booking (cancel, reschedule, receipt),
   * "{PUBLIC_BASE_URL}/appointments/manage/{token}". Absent once the page has handed out its share of links.
   */
  manageUrl?: string;
  /** With outcome confirmed: the patient's video link, when its room opens (ISO), and the calendar invite's path. */
  videoRoomUrl?: string;
  roomOpensAt?: string;
  calendarInviteUrl?: string;
}

export function bookingIdOf(appointmentId: string): string {
  return appointmentId.slice(0, 8);
}

/** Rupees with Indian digit grouping: 200000 -> "2,00,000". */
export function formatRupees(amount: number): string {
  return new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(amount);
}
