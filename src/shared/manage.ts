import { z } from "zod";
import { type AppointmentStatus, type PaymentStatus, slotChoiceSchema } from "./booking";
import type { ConsultationType, FollowUpLink } from "./follow-up";
import { type Language, LANGUAGES } from "./i18n/languages";

/**
 * The appointment after payment: the parent's manage link (/appointments/manage/{token}) and the doctor's actions.
 * What the parent may do comes from the published policy (cancellation-policy.ts); the server decides, the page only
 * shows the decision.
 */

/** A refund's state: asked of the gateway and not final yet, money on its way back, or refused by the gateway. */
/**
 * What the manage API answers when it refuses, word for word (the manage page shows each in the page's language: see
 * src/client/features/manage/server-words.ts).
 */
export const MANAGE_MESSAGES = {
  /** A manage link that opens no booking, whoever asks (the manage page, uploads, prescriptions). */
  invalidLink: "This link is not valid. Please use the link in your confirmation e-mail or WhatsApp message.",
  cancelRefused: "This booking can no longer be cancelled.",
  rescheduleRefused: "This booking can no longer be rescheduled.",
  rescheduleStarted: "This consultation has already started, so it can no longer be rescheduled.",
} as const;

export type RefundState = "pending" | "succeeded" | "failed";

/** Who started a refund or a change. */
export type Actor = "patient" | "doctor" | "system";

export interface RefundView {
  /** Our own id, sent to the gateway (idempotent on retry). */
  refundId: string;
  /** Rupees. */
  amount: number;
  reason: string;
  state: RefundState;
  initiatedBy: Actor;
  createdAt: string;
  /** When the gateway said the refund succeeded or failed. */
  completedAt: string | null;
  /** The gateway's reason for a failure, for the doctor. */
  failureReason: string | null;
}

/** One line of an appointment's history: who did what, when. */
export interface HistoryEntry {
  /** appointment_confirmed, appointment_rescheduled, appointment_cancelled, refund_requested, refund_succeeded... */
  type: string;
  actor: Actor;
  /** What happened, in a sentence the doctor reads ("Rescheduled by the parent from 2 Dec 7:00 PM to 3 Dec 7:20 PM"). */
  summary: string;
  at: string;
}

export interface ManagePolicy {
  cancel: {
    allowed: boolean;
    refundPercent: number;
    refundAmount: number;
    reason?: string;
    message?: string;
  };
  reschedule: { allowed: boolean; remaining: number; reason?: string; message?: string };
}

/** GET /api/manage/{token} */
export interface ManageView {
  appointment: {
    bookingId: string;
    patientName: string;
    appointmentDate: string;
    appointmentTime: string;
    durationMinutes: number;
    /** The start as an instant (ISO). */
    startsAt: string;
    /** The clinic's zone ("Asia/Kolkata") and its short name ("IST"), for writing times as the clinic does. */
    timeZone: string;
    timeZoneLabel: string;
    status: AppointmentStatus;
    paymentStatus: PaymentStatus;
    /** The amount paid, in rupees. */
    amountPaid: number;
    reschedules: number;
    /** Why the doctor cancelled, when the doctor did. */
    cancellationReason: string | null;
    /** The patient's video link, and when the room opens (ISO); null once cancelled. */
    videoRoomUrl: string | null;
    roomOpensAt: string | null;
    /** Whether a receipt can be downloaded (GET /api/manage/{token}/receipt). */
    receiptAvailable: boolean;
    /**
     * The doctor is not available at the booked time and has asked the parent to choose another time (free, not
     * counted among the policy's moves) or a full refund. Until then the video room and the reminders are withdrawn,
     * and at the old start the booking is refunded in full.
     */
    doctorUnavailable: boolean;
    /** The language of the booking's messages and documents: the booking's, or the one chosen through the manage link. */
    language: Language;
    /** A consultation, or a follow-up booked at the follow-up fee. */
    consultationType: ConsultationType;
  };
  /** For a completed consultation whose follow-up can be booked now: its price, last day and link; else null. */
  followUp: FollowUpLink | null;
  policy: ManagePolicy;
  refunds: RefundView[];
  /** "5–7": business days a refund takes, as the page tells the parent. */
  refundBusinessDays: string;
}

/** POST /api/manage/{token}/reschedule and the doctor's reschedule. */
/** The new time: the same checks as a booking's slot choice, so an impossible date or time is a 400, never a 500. */
export const rescheduleSchema = slotChoiceSchema;

/** POST /api/manage/{token}/language: the language of the booking's messages and documents from now on. */
export const languageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { message: "Choose English, Hindi or Kannada" }),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
export type RescheduleInput = z.infer<typeof rescheduleSchema>;

/** POST /api/admin/appointments/ask-parents: bookings whose time the doctor cannot keep. */
export const askParentsSchema = z.object({
  appointmentIds: z
    .array(z.string().max(100), { message: "Choose the appointments whose parents to ask" })
    .min(1, "Choose the appointments whose parents to ask")
    .max(100, "Ask about at most 100 appointments at once"),
});
export interface AskParentsResult {
  /** The appointments now waiting for their parent's choice. */
  asked: string[];
}

/** POST /api/admin/appointments/{id}/cancel: the parent reads the reason. */
export const doctorCancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Please give a reason the parent will read")
    .max(500, "The reason must be at most 500 characters"),
});
