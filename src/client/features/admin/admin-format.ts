import type {
  AdminAppointment,
  ChannelResult,
  GatewayDiagnostic,
  NotificationTestResult,
} from "@shared/admin";
import { ageLabel } from "@shared/age";
import { type AppointmentStatus, bookingIdOf, type PaymentStatus } from "@shared/booking";
import type { PatientRecord } from "@shared/patients";
import type { PatientSex } from "@shared/prescription";
import { slotLabel } from "@shared/slots";
import { formatShortDate } from "@/lib/format";

/**
 * Pure helpers of the admin screens: how figures, states and server errors are worded. No DOM, no React, so the
 * unit tests run in Node.
 */

export type BadgeVariant = "default" | "secondary" | "outline" | "success" | "destructive";

/** Total Revenue is shown as floor(value / 1000) followed by K. */
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
  partially_refunded: "Partly refunded",
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

/** Confirmed and completed are positive; any other status is shown as negative. */
export function appointmentStatusVariant(status: string): BadgeVariant {
  return status === "confirmed" || status === "completed" ? "success" : "destructive";
}

/** Paid, pending, anything else. */
export function paymentStatusVariant(status: string): BadgeVariant {
  if (status === "paid") return "success";
  if (status === "pending") return "outline";
  return "destructive";
}

/** "22 Nov 2026, 7:00 PM IST": an appointment's slot in the clinic's zone (the zone's name once it is known). */
export function appointmentDateTime(
  appointment: Pick<AdminAppointment, "appointmentDate" | "appointmentTime">,
  zone: string | undefined,
): string {
  const time = slotLabel(appointment.appointmentTime);
  return `${formatShortDate(appointment.appointmentDate)}, ${zone ? `${time} ${zone}` : time}`;
}

/** "Age 7 years", "Age 5 months". */
export function patientAge(appointment: Pick<AdminAppointment, "patientAge" | "patientAgeMonths">): string {
  return `Age ${ageLabel(appointment.patientAge, appointment.patientAgeMonths)}`;
}

type ChildFacts = Pick<
  AdminAppointment,
  "patientAge" | "patientAgeMonths" | "appointmentDate" | "guardian" | "patientEmail"
>;

/** The age given at booking, in months (a whole number of years counts its start). */
function ageInMonths({ patientAge, patientAgeMonths }: ChildFacts): number {
  return patientAgeMonths ?? patientAge * 12;
}

/** Whole months from one date (YYYY-MM-DD) to a later one. */
function monthsBetween(from: string, to: string): number {
  const [fromYear = 0, fromMonth = 0] = from.split("-").map(Number);
  const [toYear = 0, toMonth = 0] = to.split("-").map(Number);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth);
}

/**
 * Why an earlier booking listed in a child's record might be another child's: the record joins bookings by the
 * child's name and the phone, so a sibling or a namesake booked from the same phone lands in it. Each reason is a
 * phrase: another e-mail address, another parent or guardian, or an age that does not fit the time between the two
 * (an age in years is given rounded down, so more than 14 months' difference is needed).
 */
export function sameChildDoubts(current: ChildFacts, earlier: ChildFacts): string[] {
  const doubts: string[] = [];
  if (earlier.patientEmail.trim().toLowerCase() !== current.patientEmail.trim().toLowerCase())
    doubts.push("booked with another e-mail address");
  const guardianThen = earlier.guardian?.name.trim().toLowerCase();
  const guardianNow = current.guardian?.name.trim().toLowerCase();
  if (guardianThen && guardianNow && guardianThen !== guardianNow)
    doubts.push(`booked by another parent or guardian (${earlier.guardian?.name ?? ""})`);
  const expected = ageInMonths(earlier) + monthsBetween(earlier.appointmentDate, current.appointmentDate);
  if (Math.abs(ageInMonths(current) - expected) > 14)
    doubts.push(
      `the age given then (${ageLabel(earlier.patientAge, earlier.patientAgeMonths)}) does not fit the age now (${ageLabel(current.patientAge, current.patientAgeMonths)})`,
    );
  return doubts;
}

/** What the child's latest earlier prescription said of the child: a new prescription starts from it. */
export interface ChildsLastPrescription {
  patientSex: PatientSex;
  weightKg: number | null;
  /** The date it was issued (ISO instant). */
  issuedAt: string;
}

/**
 * The latest prescription issued for the child in another consultation of the record, leaving out any booking that
 * may be another child's (a sibling booked from the same phone): its sex must not be carried over by mistake.
 */
export function childsLastPrescription(
  record: PatientRecord,
  appointmentId: string,
): ChildsLastPrescription | null {
  const current = record.consultations.find((entry) => entry.appointment.id === appointmentId);
  if (!current) return null;
  let last: ChildsLastPrescription | null = null;
  for (const { appointment, prescriptions } of record.consultations) {
    if (appointment.id === appointmentId || sameChildDoubts(current.appointment, appointment).length > 0)
      continue;
    for (const { content, issuedAt } of prescriptions)
      if (!last || issuedAt > last.issuedAt)
        last = { patientSex: content.patientSex, weightKg: content.weightKg, issuedAt };
  }
  return last;
}

/** The five results of a notification test, in the order the doctor reads them. */
export const NOTIFICATION_CHANNELS = [
  { key: "videoRoom", label: "Video room" },
  { key: "emailPatient", label: "Email to patient" },
  { key: "emailDoctor", label: "Email to doctor" },
  { key: "whatsappPatient", label: "WhatsApp to patient" },
  { key: "whatsappDoctor", label: "WhatsApp to doctor" },
] as const satisfies readonly { key: keyof NotificationTestResult; label: string }[];

/** The four messages of a test; the video room is a check of its own. */
const NOTIFICATION_MESSAGES = NOTIFICATION_CHANNELS.filter(({ key }) => key !== "videoRoom");

/**
 * "2 of 4 sent, 2 written to files (channel not set up), 0 failed": a message written to a file because its channel
 * is not set up went nowhere yet, so it is never counted as sent or delivered.
 */
export function notificationSummary(result: NotificationTestResult): string {
  const outcomes = NOTIFICATION_MESSAGES.map(({ key }) => result[key]);
  const files = outcomes.filter(
    (channel) => channel?.success && channel.delivery === "written_to_file",
  ).length;
  const sent = outcomes.filter((channel) => channel?.success).length - files;
  const parts = [`${sent} of ${outcomes.length} sent`];
  if (files > 0) parts.push(`${files} written to ${files === 1 ? "a file" : "files"} (channel not set up)`);
  const failed = outcomes.length - sent - files;
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.join(", ");
}

/** How one result reads on its badge: "Sent", "Written to file", "Ready" (the video room), "Failed". */
export function channelOutcomeLabel(
  key: keyof NotificationTestResult,
  result: ChannelResult | undefined,
): string {
  if (!result?.success) return "Failed";
  if (key === "videoRoom") return "Ready";
  return result.delivery === "written_to_file" ? "Written to file" : "Sent";
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
export function credentialsMissing(
  diagnostic: Pick<GatewayDiagnostic, "hasAppId" | "hasSecretKey">,
): boolean {
  return !diagnostic.hasAppId || !diagnostic.hasSecretKey;
}

export const MISSING_CREDENTIALS_MESSAGE =
  "Cashfree credentials are missing. Set CASHFREE_APP_ID and CASHFREE_SECRET_KEY (and optionally CASHFREE_ENV, which defaults to sandbox).";

/** "7:02 PM" in the clinic's zone (the browser's until the configuration has loaded). */
export function clockTime(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat("en-IN", {
    hour: "numeric",
    minute: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  })
    .format(new Date(iso))
    .replace(/\b(am|pm)\b/, (period) => period.toUpperCase());
}
