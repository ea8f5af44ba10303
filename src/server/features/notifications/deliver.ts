import { join, resolve } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { clinicDate } from "@shared/clinic-time";
import type { ProfileSource } from "@shared/site-profile";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { composeAppointmentEmail, composeContactEmail } from "../../integrations/email/compose-email";
import { composePrescriptionEmail } from "../../integrations/email/compose-prescription";
import { writeToFileOutbox } from "../../integrations/messaging/file-outbox";
import type {
  AppointmentMessageData,
  Channel,
  EmailMessage,
  EmailTransport,
  MessageKind,
  Recipient,
  WhatsAppMessage,
  WhatsAppTransport,
} from "../../integrations/messaging/types";
import { composeAppointmentWhatsApp } from "../../integrations/whatsapp/compose-whatsapp";
import { composePrescriptionWhatsApp } from "../../integrations/whatsapp/compose-prescription";
import type { DeliveryOutcome } from "../../core/outbox/worker";
import { type AppointmentRow, findAppointment } from "../../core/appointments/repository";
import { findContactMessage } from "../contact/service";
import { appointmentMessageData, siteAddress, siteFacts } from "../../core/appointments/message-data";
import { messagesOfAppointment, type OutboxRow } from "../../core/outbox/repository";
import {
  CANCELLED_MESSAGE_KIND,
  REFUND_MESSAGE_KIND,
  runningLateOfKind,
  UNAVAILABLE_MESSAGE_KIND,
} from "../../core/outbox/enqueue";
import { issueManageLink } from "../../core/appointments/manage-links";
import { hasReceipt, receiptFor } from "../appointments/service";
import { doctorRecipients } from "../settings/service";
import { prescriptionForMessage, prescriptionVersionOfKind } from "../prescriptions/service";
import { composeRunningLateEmail, composeRunningLateWhatsApp } from "./running-late-message";

export interface MessagingDeps {
  db: Db;
  config: Config;
  profile: ProfileSource;
  email: EmailTransport;
  whatsapp: WhatsAppTransport;
  log: FastifyBaseLogger;
}

/** The template a row uses: a reminder an hour or more ahead is the "coming up" one, a later one "starting soon". */
function templateKind(kind: string): MessageKind {
  const reminder = /^reminder_(\d+)m(?:_s\d+)?$/.exec(kind);
  if (reminder) return Number(reminder[1]) >= 60 ? "reminder_24h" : "reminder_30m";
  if (/^rescheduled_\d+$/.test(kind)) return "rescheduled";
  if (kind === CANCELLED_MESSAGE_KIND) return "cancelled";
  if (kind === UNAVAILABLE_MESSAGE_KIND) return "doctor_unavailable";
  if (kind === "confirmation" || kind === "contact_message" || kind === REFUND_MESSAGE_KIND) return kind;
  throw new Error(`Unknown message kind ${kind}`);
}

/** Builds the e-mail or WhatsApp message for an appointment, as the patient or the doctor will receive it. */
export async function composeForAppointment(
  deps: MessagingDeps,
  row: AppointmentRow,
  kind: MessageKind,
  channel: Channel,
  recipient: Recipient,
  extras: { manageUrl?: string } = {},
): Promise<EmailMessage | WhatsAppMessage> {
  const data = appointmentMessageData(deps.config, row, extras);
  const site = siteFacts(deps.config, deps.profile.current());
  const doctor = await doctorRecipients(deps.db, deps.config);
  if (channel === "email") {
    return composeAppointmentEmail(
      kind,
      recipient,
      data,
      site,
      doctor.email ? { doctorEmail: doctor.email } : {},
    );
  }
  return composeAppointmentWhatsApp(kind, recipient, data, site, {
    templates: deps.config.messaging.whatsapp.templates,
    translatedTemplates: deps.config.messaging.whatsapp.translatedTemplates,
    ...(doctor.whatsapp ? { doctorNumber: doctor.whatsapp } : {}),
  });
}

/**
 * Sends through the channel's transport. Outside production a channel that is not set up writes the message under
 * DATA_DIR/outbox instead ("written_to_file", a success of its own kind), so a deployer sees exactly what patients
 * would receive; in production such a message is skipped.
 */
export async function sendOrKeep(
  deps: MessagingDeps,
  channel: Channel,
  message: EmailMessage | WhatsAppMessage,
  meta: { kind: string; recipient: Recipient; id: string },
): Promise<DeliveryOutcome> {
  const transport = channel === "email" ? deps.email : deps.whatsapp;
  if (transport.configured) {
    const result =
      channel === "email"
        ? await deps.email.send(message as EmailMessage)
        : await deps.whatsapp.send(message as WhatsAppMessage);
    return {
      status: "sent",
      ...(result.providerMessageId ? { providerMessageId: result.providerMessageId } : {}),
    };
  }
  const setting = channel === "email" ? "SMTP_URL" : "WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID";
  if (deps.config.isProduction)
    return { status: "skipped", note: `${channel} is not configured (${setting})` };
  const path = await writeToFileOutbox(join(resolve(deps.config.dataDir), "outbox"), message, meta, {
    from: deps.config.messaging.email.from,
  });
  deps.log.info(
    { outboxId: meta.id, kind: meta.kind, channel, file: path },
    `${channel} not configured: message written to a file`,
  );
  // The note reaches the dashboard: it says what happened, never where on the server (the log has the file).
  return {
    status: "written_to_file",
    note: `Written to file (${channel === "email" ? "e-mail" : "WhatsApp"} not configured)`,
  };
}

const liveStatuses = new Set(["confirmed", "completed"]);
const refundingStatuses = new Set(["refund_pending", "refunded"]);

function waitingForParent(appointment: AppointmentRow): boolean {
  return appointment.status === "confirmed" && appointment.doctorUnavailableSince !== null;
}

/** The calendar sequence a reminder or a move's message was queued for; 0 for the first booking. */
function sequenceOf(kind: string): number {
  const match = /_s?(\d+)$/.exec(kind);
  return /^(reminder_\d+m_s\d+|rescheduled_\d+)$/.test(kind) && match ? Number(match[1]) : 0;
}

/**
 * Whether the message still fits the appointment: a booking's messages need it booked, a refund's a refund, a
 * cancellation's a cancelled booking; a reminder or a move's message needs the appointment still at the time it was
 * queued for (no reminder is sent for a time that moved).
 */
function stillApplies(kind: string, appointment: AppointmentRow): boolean {
  if (kind === REFUND_MESSAGE_KIND) return refundingStatuses.has(appointment.paymentStatus);
  if (kind === CANCELLED_MESSAGE_KIND) return appointment.status === "cancelled";
  // Decided before it went out (moved or refunded): the parent hears of that instead.
  if (kind === UNAVAILABLE_MESSAGE_KIND)
    return appointment.status === "confirmed" && appointment.doctorUnavailableSince !== null;
  if (!liveStatuses.has(appointment.status)) return false;
  // Asked to choose another time or a refund: a confirmation still queued (a retry, a resend) would give the parent
  // the withdrawn time and its video link after the message that the doctor cannot keep it.
  if (waitingForParent(appointment) && (kind === "confirmation" || kind.startsWith("reminder_")))
    return false;
  if (kind.startsWith("reminder_") || kind.startsWith("rescheduled_"))
    return sequenceOf(kind) === appointment.calendarSequence;
  return true;
}

/** The patient's messages that carry the link to manage the booking. */
function carriesManageLink(kind: MessageKind, recipient: Recipient): boolean {
  return (
    recipient === "patient" &&
    (kind === "confirmation" || kind === "rescheduled" || kind === "doctor_unavailable")
  );
}

/**
 * The patient's confirmation of a paid booking carries the fee receipt (by e-mail; WhatsApp templates take no file),
 * when there is one to give: not for a free follow-up, nor in production before the doctor's registration is set.
 */
function carriesReceipt(
  deps: MessagingDeps,
  kind: MessageKind,
  recipient: Recipient,
  row: AppointmentRow,
): boolean {
  return (
    kind === "confirmation" && recipient === "patient" && hasReceipt(deps.config, deps.profile.current(), row)
  );
}

/**
 * A prescription to the parent: its PDF attached to the e-mail, or uploaded as the WhatsApp template's document, with
 * a fresh link to the booking page where every version can be downloaded again. It goes out whatever the
 * appointment's status became since it was issued, unless the record was erased.
 */
async function deliverPrescription(
  deps: MessagingDeps,
  appointment: AppointmentRow,
  version: number,
  channel: Channel,
  meta: { kind: string; recipient: Recipient; id: string },
): Promise<DeliveryOutcome> {
  if (appointment.anonymisedAt)
    return { status: "cancelled", note: "The patient's personal data was erased" };
  const file = await prescriptionForMessage(
    deps.db,
    deps.config,
    deps.profile.current(),
    appointment,
    version,
  );
  if (!file) return { status: "cancelled", note: `Version ${version} of the prescription does not exist` };
  const manageUrl = await issueManageLink(
    deps.db,
    appointment.id,
    channel,
    { siteUrl: siteAddress(deps.config), language: appointment.language },
    new Date(),
  );
  const data = appointmentMessageData(deps.config, appointment, { manageUrl });
  const site = siteFacts(deps.config, deps.profile.current());
  const facts = {
    version,
    replacesVersion: file.replacesVersion,
    medicineCount: file.prescription.content.medicines.length,
    filename: file.filename,
    pdf: file.pdf,
  };
  const message =
    channel === "email"
      ? await composePrescriptionEmail(data, site, facts)
      : composePrescriptionWhatsApp(
          data,
          site,
          facts,
          deps.config.messaging.whatsapp.templates.prescription,
          {
            translatedTemplates: deps.config.messaging.whatsapp.translatedTemplates,
          },
        );
  return sendOrKeep(deps, channel, message, meta);
}

/**
 * Why a running-late message no longer fits, or undefined while it does: the booking must still be confirmed, its
 * parent not asked to choose another time, on the day the doctor pressed Running late, and not over by then even at
 * the later start (a message retried after the consultation would only confuse); and no later estimate was queued
 * for the same parent on the same channel, which says what is true now.
 */
async function runningLateWithdrawn(
  deps: MessagingDeps,
  appointment: AppointmentRow,
  row: OutboxRow,
  late: { sequence: number; minutes: number },
  data: AppointmentMessageData,
): Promise<string | undefined> {
  if (appointment.anonymisedAt) return "The patient's personal data was erased";
  if (appointment.status !== "confirmed") return `The appointment is ${appointment.status}`;
  if (appointment.doctorUnavailableSince)
    return "The parent was asked to choose another time or a full refund";
  if (appointment.appointmentDate !== clinicDate(row.createdAt, deps.config.booking.timeZone))
    return "The appointment moved to another day";
  // A claimed row's updatedAt is the moment the worker claimed it: now, on the worker's clock.
  if (row.updatedAt.getTime() >= data.endsAt.getTime() + late.minutes * 60_000)
    return "The consultation's time has passed";
  const later = (await messagesOfAppointment(deps.db, appointment.id)).some(
    (other) =>
      other.channel === row.channel && (runningLateOfKind(other.kind)?.sequence ?? 0) > late.sequence,
  );
  return later ? "A later estimate of the delay replaced it" : undefined;
}

/** The parent's message that the doctor is running late, with the minutes its kind carries. */
async function deliverRunningLate(
  deps: MessagingDeps,
  appointment: AppointmentRow,
  row: OutboxRow,
  late: { sequence: number; minutes: number },
  meta: { kind: string; recipient: Recipient; id: string },
): Promise<DeliveryOutcome> {
  const data = appointmentMessageData(deps.config, appointment);
  const withdrawn = await runningLateWithdrawn(deps, appointment, row, late, data);
  if (withdrawn) return { status: "cancelled", note: withdrawn };
  const channel = row.channel as Channel;
  const message =
    channel === "email"
      ? await composeRunningLateEmail(data, siteFacts(deps.config, deps.profile.current()), late.minutes)
      : composeRunningLateWhatsApp(data, late.minutes, deps.config.messaging.whatsapp.templates.runningLate, {
          translatedTemplates: deps.config.messaging.whatsapp.translatedTemplates,
        });
  return sendOrKeep(deps, channel, message, meta);
}

/** The worker's delivery of one outbox row. */
export function createDeliver(deps: MessagingDeps) {
  return async (row: OutboxRow): Promise<DeliveryOutcome> => {
    const channel = row.channel as Channel;
    const recipient = row.recipient as Recipient;
    const meta = { kind: row.kind, recipient, id: row.id };
    if (row.contactMessageId) {
      const contact = await findContactMessage(deps.db, row.contactMessageId);
      if (!contact) return { status: "cancelled", note: "The contact message no longer exists" };
      const doctorEmail =
        (await doctorRecipients(deps.db, deps.config)).email ?? deps.profile.current().contact.email;
      const message = await composeContactEmail(
        { ...contact, receivedAt: contact.createdAt },
        siteFacts(deps.config, deps.profile.current()),
        doctorEmail,
        { timeZone: deps.config.booking.timeZone },
      );
      return sendOrKeep(deps, "email", message, meta);
    }
    const appointment = row.appointmentId ? await findAppointment(deps.db, row.appointmentId) : undefined;
    const prescriptionVersion = prescriptionVersionOfKind(row.kind);
    if (appointment && prescriptionVersion !== undefined)
      return deliverPrescription(deps, appointment, prescriptionVersion, channel, meta);
    const late = runningLateOfKind(row.kind);
    if (appointment && late) return deliverRunningLate(deps, appointment, row, late, meta);
    // Checked when sending, not when queueing: a booking cancelled since gets no further messages.
    if (!appointment || !stillApplies(row.kind, appointment)) {
      const note =
        appointment && waitingForParent(appointment)
          ? "The parent was asked to choose another time or a full refund"
          : `The appointment is ${appointment?.status ?? "gone"}`;
      return { status: "cancelled", note };
    }
    const kind = templateKind(row.kind);
    // Each message gets its own link; only its hash is stored, so the link exists only in the message itself.
    const manageUrl = carriesManageLink(kind, recipient)
      ? await issueManageLink(
          deps.db,
          appointment.id,
          channel,
          { siteUrl: siteAddress(deps.config), language: appointment.language },
          new Date(),
        )
      : undefined;
    const message = await composeForAppointment(
      deps,
      appointment,
      kind,
      channel,
      recipient,
      manageUrl ? { manageUrl } : {},
    );
    if (channel === "email" && carriesReceipt(deps, kind, recipient, appointment)) {
      const receipt = await receiptFor(
        deps.db,
        deps.config,
        deps.profile.current(),
        appointment.id,
        new Date(),
      );
      (message as EmailMessage).attachments = [
        { filename: receipt.filename, content: receipt.pdf, contentType: "application/pdf" },
      ];
    }
    return sendOrKeep(deps, channel, message, meta);
  };
}
