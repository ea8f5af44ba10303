import { z } from "zod";
import type { AppointmentStatus, PaymentStatus } from "./booking";

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

/** One row of GET /api/appointments (admin): the fields of spec section 3, plus what the doctor needs to act. */
export interface AdminAppointment {
  id: string;
  bookingId: string;
  patientName: string;
  patientAge: number;
  patientEmail: string;
  patientPhone: string;
  reasonForConsultation: string;
  appointmentDate: string;
  appointmentTime: string;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  amount: number;
  paidAmount: number | null;
  refundAmount: number | null;
  /** Why an appointment is in an unusual state (for example a refunded late payment). */
  statusNote: string | null;
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

/** POST /api/test-notifications/{appointmentId}: one result per channel. */
export interface ChannelResult {
  success: boolean;
  error?: string;
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
  isInitialized: boolean;
  environment: "PRODUCTION" | "sandbox";
  hasAppId: boolean;
  hasSecretKey: boolean;
  /** The first 4 characters of the app id, or null. */
  appIdPrefix: string | null;
  testOrderError: string | null;
  testOrderResult: { success: boolean; orderId: string; hasPaymentSessionId: boolean } | null;
}

/** POST /api/admin/articles/preview: the Markdown rendered exactly as visitors will see it. */
export const articlePreviewSchema = z.object({ content: z.string().max(100_000) });
export interface ArticlePreview {
  html: string;
}

/** GET /api/admin/notifications: the latest messages of the outbox. */
export interface AdminNotification {
  id: string;
  /** confirmation, reminder_1440m, reminder_30m, contact_message. */
  kind: string;
  channel: "email" | "whatsapp";
  recipient: "patient" | "doctor";
  /** pending, processing, sent, failed, skipped, cancelled. */
  status: string;
  attempts: number;
  lastError: string | null;
  dueAt: string;
  sentAt: string | null;
  createdAt: string;
  bookingId: string | null;
}
