import type { AdminAppointment, GatewayDiagnostic, NotificationTestResult } from "@shared/admin";
import { type AppointmentStatus, bookingIdOf, type PaymentStatus } from "@shared/booking";

/**
 * Pure helpers of the admin screens: how figures, states and server errors are worded. No DOM, no React, so the
 * unit tests run in Node.
 */

export type BadgeVariant = "default" | "secondary" | "outline" | "success" | "destructive";

/** Spec section 9: Total Revenue is shown as floor(value / 1000) followed by K. */
export function formatRevenueK(rupees: number): string {
  return `₹${Math.floor(rupees / 1000)}K`;
}

const statusLabels: Record<AppointmentStatus, string> = {
  pending_payment: "Pending payment",
  confirmed: "Confirmed",
  completed: "Completed",
  expired: "Expired",
  cancelled: "Cancelled",
  no_show: "No-show",
};

const paymentLabels: Record<PaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  refund_pending: "Refund pending",
  refunded: "Refunded",
};

function titleCase(value: string): string {
  const words = value.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1).toLowerCase() : "Unknown";
}

export function appointmentStatusLabel(status: string): string {
  return Object.hasOwn(statusLabels, status) ? statusLabels[status as AppointmentStatus] : titleCase(status);
}

export function paymentStatusLabel(status: string): string {
  return Object.hasOwn(paymentLabels, status) ? paymentLabels[status as PaymentStatus] : titleCase(status);
}

/** Spec section 3: confirmed and completed are positive; any other status is shown as negative. */
export function appointmentStatusVariant(status: string): BadgeVariant {
  return status === "confirmed" || status === "completed" ? "success" : "destructive";
}

/** Spec section 3: paid, pending, anything else. */
export function paymentStatusVariant(status: string): BadgeVariant {
  if (status === "paid") return "success";
  if (status === "pending") return "outline";
  return "destructive";
}

const appointmentDateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * "2026-11-22" -> "22 Nov 2026". The date is the clinic's calendar date, so it is formatted as a plain date (in UTC),
 * never shifted into the browser's zone, where it could show the day before.
 */
export function formatAppointmentDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? isoDate : appointmentDateFormat.format(date);
}

/** The five channels of a notification test, in the order the doctor reads them. */
export const NOTIFICATION_CHANNELS = [
  { key: "videoRoom", label: "Video room" },
  { key: "emailPatient", label: "Email to patient" },
  { key: "emailDoctor", label: "Email to doctor" },
  { key: "whatsappPatient", label: "WhatsApp to patient" },
  { key: "whatsappDoctor", label: "WhatsApp to doctor" },
] as const satisfies readonly { key: keyof NotificationTestResult; label: string }[];

/** "3 of 5 channels succeeded" */
export function notificationSummary(result: NotificationTestResult): string {
  const succeeded = NOTIFICATION_CHANNELS.filter(({ key }) => result[key]?.success === true).length;
  return `${succeeded} of ${NOTIFICATION_CHANNELS.length} channels succeeded`;
}

/**
 * What the doctor typed into the Appointment ID box: the full id, or the 8-character booking id of an appointment in
 * the recent list (the id the doctor sees in the table), which is expanded to the full id.
 */
export function resolveAppointmentId(input: string, recent: readonly AdminAppointment[] = []): string {
  const trimmed = input.trim().replace(/^#/, "");
  if (trimmed.length === 8) {
    const matches = recent.filter(
      (appointment) => bookingIdOf(appointment.id).toLowerCase() === trimmed.toLowerCase(),
    );
    if (matches.length === 1 && matches[0]) return matches[0].id;
  }
  return trimmed;
}

/** The gateway cannot work without both credentials. */
export function credentialsMissing(diagnostic: GatewayDiagnostic): boolean {
  return !diagnostic.hasAppId || !diagnostic.hasSecretKey;
}

export const MISSING_CREDENTIALS_MESSAGE =
  "Cashfree credentials are missing. Set CASHFREE_APP_ID and CASHFREE_SECRET_KEY (and optionally CASHFREE_ENV, which defaults to sandbox).";
