import { z } from "zod";
import {
  type ChannelResult,
  type ChannelSetup,
  type NotificationTestInput,
  type NotificationTestRecipients,
  type NotificationTestResult,
  notificationTestSchema,
} from "@shared/admin";
import { type AppointmentStatus, bookingIdOf } from "@shared/booking";
import { HttpError } from "../../http/errors";
import type { Channel, Recipient } from "../../integrations/messaging/types";
import {
  type AppointmentRow,
  findAppointment,
  findAppointmentsByBookingId,
  updateAppointment,
} from "../../core/appointments/repository";
import { newVideoRoom } from "../../core/appointments/video-links";
import { composeAppointmentWhatsApp } from "../../integrations/whatsapp/compose-whatsapp";
import { appointmentMessageData, siteFacts } from "../../core/appointments/message-data";
import { composeForAppointment, type MessagingDeps, sendOrKeep } from "./deliver";

const channels: [keyof NotificationTestResult, Channel, Recipient][] = [
  ["emailPatient", "email", "patient"],
  ["emailDoctor", "email", "doctor"],
  ["whatsappPatient", "whatsapp", "patient"],
  ["whatsappDoctor", "whatsapp", "doctor"],
];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Makes sure a confirmed appointment has its video room (rooms of bookings from before rooms existed, say). */
async function ensureRoom(deps: MessagingDeps, row: AppointmentRow): Promise<AppointmentRow> {
  if (row.videoRoomId && row.videoHostKey) return row;
  return updateAppointment(deps.db, row.id, newVideoRoom());
}

function everyChannelFailed(error: string): NotificationTestResult {
  const failed: ChannelResult = { success: false, error };
  return {
    videoRoom: failed,
    emailPatient: failed,
    emailDoctor: failed,
    whatsappPatient: failed,
    whatsappDoctor: failed,
  };
}

/** The appointment by its full id, or by its 8-character booking id (with or without '#') when that is unique. */
async function testedAppointment(messaging: MessagingDeps, appointmentId: string): Promise<AppointmentRow> {
  const id = appointmentId.trim().replace(/^#/, "");
  if (/^[0-9a-f]{8}$/i.test(id)) {
    const matches = await findAppointmentsByBookingId(messaging.db, id);
    if (matches.length === 1 && matches[0]) return matches[0];
  }
  const found = z.uuid().safeParse(id).success ? await findAppointment(messaging.db, id) : undefined;
  if (!found) throw new HttpError(404, `Appointment not found: ${id}`);
  return found;
}

function channelSetup(messaging: MessagingDeps, channel: Channel): ChannelSetup {
  const transport = channel === "email" ? messaging.email : messaging.whatsapp;
  if (transport.configured) return "configured";
  return messaging.config.isProduction ? "off" : "file";
}

/** How each channel is set up: sending for real, writing files, or neither. */
export function channelSetups(messaging: MessagingDeps): { email: ChannelSetup; whatsapp: ChannelSetup } {
  return { email: channelSetup(messaging, "email"), whatsapp: channelSetup(messaging, "whatsapp") };
}

/** The WhatsApp number a confirmation to this recipient goes to, or null when the number is not a valid one. */
function whatsappNumber(messaging: MessagingDeps, row: AppointmentRow, recipient: Recipient): string | null {
  const { whatsapp } = messaging.config.messaging;
  try {
    return composeAppointmentWhatsApp(
      "confirmation",
      recipient,
      appointmentMessageData(messaging.config, row),
      siteFacts(messaging.config, messaging.profile.current()),
      {
        templates: whatsapp.templates,
        ...(whatsapp.doctorNumber ? { doctorNumber: whatsapp.doctorNumber } : {}),
      },
    ).to;
  } catch {
    return null;
  }
}

/** GET /api/test-notifications/{appointmentId}: whom a test would reach and how each channel is set up. */
export async function notificationTestRecipients(
  messaging: MessagingDeps,
  appointmentId: string,
): Promise<NotificationTestRecipients> {
  const row = await testedAppointment(messaging, appointmentId);
  return {
    appointmentId: row.id,
    bookingId: bookingIdOf(row.id),
    patientName: row.patientName,
    status: row.status as AppointmentStatus,
    patient: { email: row.patientEmail, whatsapp: whatsappNumber(messaging, row, "patient") },
    doctor: {
      email: messaging.config.messaging.email.doctorEmail ?? messaging.profile.current().contact.email,
      whatsapp: whatsappNumber(messaging, row, "doctor"),
    },
    channels: channelSetups(messaging),
  };
}

/**
 * The doctor's notification test: right now, outside the outbox, it makes sure the appointment's room exists and
 * sends its confirmation through each channel, answering what happened on each. With `sendTo: "doctor"` the
 * patient's messages go to the doctor's own address and number instead of the patient's.
 */
export async function testNotifications(
  messaging: MessagingDeps,
  appointmentId: string,
  input: NotificationTestInput = {},
): Promise<NotificationTestResult> {
  const { sendTo } = notificationTestSchema.parse(input);
  const found = await testedAppointment(messaging, appointmentId);
  if (found.status !== "confirmed" && found.status !== "completed") {
    return everyChannelFailed(
      `Only a confirmed appointment has a video room and messages; this one is ${found.status.replace("_", " ")}.`,
    );
  }
  const appointment = await ensureRoom(messaging, found);
  const result: NotificationTestResult = {
    videoRoom: { success: true },
    emailPatient: { success: false },
    emailDoctor: { success: false },
    whatsappPatient: { success: false },
    whatsappDoctor: { success: false },
  };
  for (const [key, channel, recipient] of channels) {
    try {
      const message = await composeForAppointment(messaging, appointment, "confirmation", channel, recipient);
      if (recipient === "patient" && sendTo === "doctor") {
        const doctorCopy = await composeForAppointment(
          messaging,
          appointment,
          "confirmation",
          channel,
          "doctor",
        );
        message.to = doctorCopy.to;
      }
      const outcome = await sendOrKeep(messaging, channel, message, {
        kind: "test",
        recipient,
        id: appointment.id,
      });
      result[key] =
        outcome.status === "sent"
          ? { success: true, delivery: "sent", to: message.to }
          : outcome.status === "written_to_file"
            ? { success: true, delivery: "written_to_file", to: message.to, note: outcome.note }
            : { success: false, to: message.to, error: outcome.note };
    } catch (error) {
      result[key] = { success: false, error: messageOf(error) };
    }
  }
  return result;
}
