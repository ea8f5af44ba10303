import type { RefundReason } from "@shared/booking";
import type { Language } from "@shared/i18n/languages";

/**
 * What the outbox worker sends and through what. Transports (SMTP, WhatsApp Cloud API) implement these; a channel
 * that is not configured is reported by `configured: false` and its messages are written to files instead.
 */
export type MessageKind =
  | "confirmation"
  | "reminder_24h"
  | "reminder_30m"
  | "contact_message"
  | "refund"
  | "rescheduled"
  | "cancelled"
  | "doctor_unavailable";
export type Channel = "email" | "whatsapp";
export type Recipient = "patient" | "doctor";

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** A calendar invite (METHOD:REQUEST) or its withdrawal (METHOD:CANCEL), sent as text/calendar with the HTML. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
  /** Files sent with it, such as the fee receipt with the patient's confirmation. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface WhatsAppMessage {
  /** E.164 with the '+', e.g. +919876543210. */
  to: string;
  /** The approved template's name and language code, e.g. "appointment_confirmation" and "en". */
  template: string;
  language: string;
  /** The template's {{1}}, {{2}}... in order. */
  bodyParameters: string[];
  /** A file for the template's DOCUMENT header (a prescription's PDF): uploaded to WhatsApp, then sent by its id. */
  document?: WhatsAppDocument;
}

export interface WhatsAppDocument {
  /** The name the recipient sees, "prescription-ab12cd34-v1.pdf". */
  filename: string;
  content: Buffer;
  contentType: "application/pdf";
}

export interface SendResult {
  /** The provider's id: the SMTP message id, or WhatsApp's WAMID. */
  providerMessageId?: string;
}

/** A failure the provider reported. `permanent` ones (a rejected address, an unapproved template) are not retried. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = "TransportError";
  }
}

export interface EmailTransport {
  readonly configured: boolean;
  send(message: EmailMessage): Promise<SendResult>;
  close?(): Promise<void>;
}

export interface WhatsAppTransport {
  readonly configured: boolean;
  send(message: WhatsAppMessage): Promise<SendResult>;
}

/** Everything a message about an appointment may say. Times are instants; templates show them in the clinic's zone. */
export interface AppointmentMessageData {
  bookingId: string;
  /** The booking's language: the parent's messages and documents are written in it. */
  language: Language;
  patientName: string;
  /** The parent or guardian who booked for a child: the person the patient's messages address. */
  guardianName?: string | null;
  patientAge: number;
  /** A baby under one year: the age in months, with `patientAge` 0. */
  patientAgeMonths: number | null;
  patientEmail: string;
  patientPhone: string;
  reasonForConsultation: string;
  /** The slot's start and end (20 minutes) as instants. */
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** "IST" */
  timeZoneLabel: string;
  amountPaid: number;
  /** The patient's link to the video page: {site}/video-consultation/{roomId}. */
  roomUrl: string;
  /** The doctor's moderator link: the room link with the host key. */
  hostUrl: string;
  /** A stable id for the calendar invite, the same in every message about this appointment. */
  calendarUid: string;
  /**
   * Set when a received payment is being refunded instead of booking the slot: why (the slot was booked by someone
   * else first, or the amount was short), how much goes back, and the price the payment was for.
   */
  refund?: { reason: RefundReason; amount: number; price: number };
  /** The event's SEQUENCE: one more after every move and at a cancellation, so the new invite replaces the old. */
  calendarSequence: number;
  /** The parent's link to manage the booking (cancel, reschedule, receipt); on the patient's messages only. */
  manageUrl?: string;
  /** A cancellation: who cancelled, the doctor's reason, and the rupees refunded (0 when none is due). */
  cancellation?: { by: "patient" | "doctor" | "system"; reason: string | null; refundAmount: number };
}

/** A prescription sent to the parent: which version, whether it corrects another, and its PDF. */
export interface PrescriptionMessageFacts {
  version: number;
  /** The version this one corrects; null for the first. */
  replacesVersion: number | null;
  /** How many medicines it prescribes: none when it gives advice or investigations alone. */
  medicineCount: number;
  filename: string;
  pdf: Buffer;
}

export interface ContactMessageData {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  source: string;
  receivedAt: Date;
}

/** The site-wide facts templates use: the doctor's name and contact details, the site's address. */
export interface SiteFacts {
  doctorName: string;
  siteUrl: string;
  contactEmail: string;
  contactPhone: string;
}
