import { z } from "zod";
import { ARTICLE_CONTENT_MAX_LENGTH, ARTICLE_CONTENT_TOO_LONG } from "./articles";
import type { AppointmentStatus, PaymentStatus } from "./booking";
import type { ConsultationType } from "./follow-up";
import type { Language } from "./i18n/languages";
import type { HistoryEntry, RefundView } from "./manage";

/** POST /api/admin/login */
export const loginSchema = z.object({ password: z.string().min(1, "Password is required").max(1000) });

/** GET /api/admin/session: 200 when signed in, 401 otherwise. */
export interface AdminSession {
  authenticated: true;
  /** When the session ends at the latest (absolute expiry), ISO. */
  expiresAt: string;
}

/** GET /api/admin/stats */
export interface AdminStats {
  /** Confirmed or completed appointments whose date is today in the clinic's zone. */
  todayAppointments: number;
  publishedArticles: number;
  /** Distinct patients (name and e-mail) with a paid appointment. */
  totalPatients: number;
  /** Rupees actually paid, minus refunds. */
  totalRevenue: number;
}

/** One row of GET /api/appointments (admin): the booking's fields, plus what the doctor needs to act. */
export interface AdminAppointment {
  id: string;
  bookingId: string;
  patientName: string;
  patientAge: number;
  /** A baby under one year: the age in months, with `patientAge` 0; null otherwise. */
  patientAgeMonths: number | null;
  /** The parent or guardian who booked for a patient under 18, and their relationship; null for an adult. */
  guardian: { name: string; relationship: string } | null;
  patientEmail: string;
  patientPhone: string;
  reasonForConsultation: string;
  /** The language the parent reads the booking's messages in. */
  language: Language;
  /** A consultation, or a follow-up booked at the follow-up fee. */
  consultationType: ConsultationType;
  appointmentDate: string;
  appointmentTime: string;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  amount: number;
  paidAmount: number | null;
  refundAmount: number | null;
  /** Why an appointment is in an unusual state (for example a refunded late payment). */
  statusNote: string | null;
  /** Three hours after its start nobody marked it completed or no-show: the dashboard asks the doctor to. */
  awaitingOutcome: boolean;
  /**
   * The doctor could not keep the time and asked the parent to choose another time or a full refund (ISO, when), and
   * the parent has not chosen yet: the room is withdrawn, so there are no video links. Null otherwise.
   */
  parentAskedAt: string | null;
  /** Reschedules made so far (the parent's and the doctor's). */
  reschedules: number;
  createdAt: string;
  /** The patient's and the doctor's (moderator) links to the video page, once the booking is confirmed. */
  videoRoomUrl: string | null;
  videoHostUrl: string | null;
}

/** GET /api/appointments?limit=&cursor= (admin): newest first. */
export interface AdminAppointmentPage {
  appointments: AdminAppointment[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The dashboard's three lists of appointments. */
export const APPOINTMENT_VIEWS = ["upcoming", "past", "cancelled"] as const;
export type AppointmentView = (typeof APPOINTMENT_VIEWS)[number];

/**
 * GET /api/appointments?view=&limit=&cursor= (admin): upcoming ones (today's included) soonest first; past ones and
 * cancelled or refunded ones latest first.
 */
export interface AdminAppointmentViewPage {
  view: AppointmentView;
  /** The clinic's date today, "2026-11-22": the dashboard highlights its appointments. */
  today: string;
  /** How many appointments the whole list holds. */
  total: number;
  appointments: AdminAppointment[];
  nextCursor: string | null;
}

/** What the doctor can do with an appointment now (the dashboard shows only these buttons). */
export interface AdminAppointmentActions {
  /** Mark completed: a confirmed appointment once it has started (and the doctor has not asked the parent to move). */
  complete: boolean;
  /** Mark no-show: a confirmed appointment, once it has started. */
  noShow: boolean;
  /** Move to any free slot (not limited by the parent's policy): a confirmed appointment before its start. */
  reschedule: boolean;
  /** Cancel as the doctor, always with a full refund: a confirmed appointment. */
  cancel: boolean;
  /** Send the patient's confirmation again (e-mail and WhatsApp): a confirmed appointment. */
  resendConfirmation: boolean;
  /** Download the fee receipt (GET /api/admin/appointments/{id}/receipt): any paid appointment. */
  receipt: boolean;
}

/**
 * GET /api/admin/appointments/{id}: an appointment with the messages sent about it, its refunds, its history (who
 * did what, when) and the actions open to the doctor. Every action under /api/admin/appointments/{id}/... answers it.
 */
export interface AdminAppointmentDetails {
  appointment: AdminAppointment;
  messages: AdminNotification[];
  refunds: RefundView[];
  history: HistoryEntry[];
  actions: AdminAppointmentActions;
}

/** POST /api/test-notifications/{appointmentId}: one result per channel. */
export interface ChannelResult {
  success: boolean;
  /**
   * How a message that succeeded went: sent through its channel, or written to a file on the server because the
   * channel is not set up (outside production). The video room has none.
   */
  delivery?: "sent" | "written_to_file";
  /** Where the message went: an e-mail address or a WhatsApp number. */
  to?: string;
  /** Why it failed, or the note of a message written to a file. Never a path on the server. */
  error?: string;
  note?: string;
}

/**
 * The body of POST /api/test-notifications/{appointmentId}: whom the patient's messages reach. "patient" sends them
 * to the patient as a confirmation would; "doctor" sends them to the doctor's own address and number instead, so the
 * doctor can see what a patient receives. The doctor's own messages go to the doctor either way.
 */
export const notificationTestSchema = z.object({
  sendTo: z.enum(["patient", "doctor"]).default("patient"),
});
export type NotificationTestInput = z.input<typeof notificationTestSchema>;

/** How a channel is set up: sending for real, writing to files (outside production), or not at all. */
export type ChannelSetup = "configured" | "file" | "off";

/** GET /api/test-notifications/{appointmentId}: whom a test would reach, before it is sent. */
export interface NotificationTestRecipients {
  appointmentId: string;
  bookingId: string;
  patientName: string;
  status: AppointmentStatus;
  patient: { email: string; whatsapp: string | null };
  doctor: { email: string; whatsapp: string | null };
  channels: { email: ChannelSetup; whatsapp: ChannelSetup };
}
export interface NotificationTestResult {
  videoRoom: ChannelResult;
  emailPatient: ChannelResult;
  emailDoctor: ChannelResult;
  whatsappPatient: ChannelResult;
  whatsappDoctor: ChannelResult;
}

/** GET /api/admin/cashfree-test (status) and POST /api/admin/cashfree-test (also creates a ₹1 test order). */
export interface GatewayDiagnostic {
  /** Which gateway takes the payments: Cashfree, or the built-in simulator (no real money). */
  provider: "cashfree" | "simulator";
  isInitialized: boolean;
  environment: "PRODUCTION" | "sandbox";
  hasAppId: boolean;
  hasSecretKey: boolean;
  /** The first 4 characters of the app id, or null. */
  appIdPrefix: string | null;
  testOrderError: string | null;
  testOrderResult: { success: boolean; orderId: string; hasPaymentSessionId: boolean } | null;
}

/** POST /api/admin/articles/preview: the Markdown rendered exactly as visitors will see it; the articles' cap. */
export const articlePreviewSchema = z.object({
  content: z.string().max(ARTICLE_CONTENT_MAX_LENGTH, ARTICLE_CONTENT_TOO_LONG),
});
export interface ArticlePreview {
  html: string;
}

/** GET /api/admin/notifications: the whole outbox counted by what became of each message. */
export interface OutboxSummary {
  sent: number;
  /** Written to a file on the server: the channel is not set up (outside production). */
  writtenToFile: number;
  /** Failed for good, or waiting to be tried again after an error. */
  failing: number;
  /** Due later, or being sent now. */
  waiting: number;
  /** Skipped (channel not set up, in production) or cancelled (the appointment is no longer booked). */
  notSent: number;
}

/**
 * GET /api/admin/notifications?status=: which messages to list, by what became of them, as the summary counts them;
 * `all` lists every message.
 */
export const OUTBOX_FILTERS = ["all", "failing", "waiting", "sent", "written_to_file", "not_sent"] as const;
export type OutboxFilter = (typeof OUTBOX_FILTERS)[number];

/** Messages in a page of the outbox's list. */
export const OUTBOX_PAGE_SIZE = 20;

/** GET /api/admin/notifications?status=&q=&page= */
export const outboxListQuerySchema = z.object({
  status: z
    .enum(
      OUTBOX_FILTERS,
      "Choose which messages to show: all, failing, waiting, sent, written_to_file or not_sent",
    )
    .default("all"),
  /** A patient's, parent's or contact sender's name (any part of it), or a booking id (4 to 8 of its characters). */
  q: z.string().trim().max(100, "The search can be up to 100 characters").default(""),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** One message of the outbox's list: a notification, with whom it is about. */
export interface OutboxListEntry extends AdminNotification {
  /** The patient of the booking, or the sender of a contact message; null when neither is known. */
  name: string | null;
}

/** GET /api/admin/notifications: a page of the outbox, newest first, and the whole outbox counted. */
export interface OutboxList {
  notifications: OutboxListEntry[];
  summary: OutboxSummary;
  channels: { email: ChannelSetup; whatsapp: ChannelSetup };
  /** The page (from 1), how many messages the filter and search match in all, and whether a later page has some. */
  page: number;
  total: number;
  hasMore: boolean;
}

/** GET /api/admin/notifications: the latest messages of the outbox. */
export interface AdminNotification {
  id: string;
  /** confirmation, reminder_1440m, reminder_30m, contact_message. */
  kind: string;
  channel: "email" | "whatsapp";
  recipient: "patient" | "doctor";
  /**
   * pending, processing, sent, written_to_file (the channel is not set up: written to a file on the server, outside
   * production), failed, skipped (not set up, in production), cancelled.
   */
  status: string;
  attempts: number;
  lastError: string | null;
  dueAt: string;
  sentAt: string | null;
  createdAt: string;
  bookingId: string | null;
}
