import { randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ChannelResult, NotificationTestResult } from "@shared/admin";
import type { Channel, Recipient } from "../../integrations/messaging/types";
import { HttpError } from "../../http/errors";
import { type AppointmentRow, findAppointment, updateAppointment } from "../booking/repository";
import { composeForAppointment, type MessagingDeps, sendOrKeep } from "./deliver";

const params = z.object({ appointmentId: z.string().min(1).max(100) });

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
  return updateAppointment(deps.db, row.id, {
    videoRoomId: randomBytes(16).toString("hex"),
    videoHostKey: randomBytes(16).toString("hex"),
  });
}

/**
 * The admin's notification test: right now, outside the outbox, it makes sure the room exists and sends the
 * confirmation through each channel, answering what happened on each.
 */
export const notificationTestRoutes: FastifyPluginAsyncZod<{ messaging: MessagingDeps }> = async (
  app,
  { messaging },
) => {
  app.post(
    "/api/test-notifications/:appointmentId",
    { schema: { params } },
    async (request): Promise<NotificationTestResult> => {
      const id = request.params.appointmentId.trim();
      const found = z.string().uuid().safeParse(id).success
        ? await findAppointment(messaging.db, id)
        : undefined;
      if (!found) throw new HttpError(404, `Appointment not found: ${id}`);
      if (found.status !== "confirmed" && found.status !== "completed") {
        const error = `Only a confirmed appointment has a video room and messages; this one is ${found.status.replace("_", " ")}.`;
        const failed: ChannelResult = { success: false, error };
        return {
          videoRoom: failed,
          emailPatient: failed,
          emailDoctor: failed,
          whatsappPatient: failed,
          whatsappDoctor: failed,
        };
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
          const message = await composeForAppointment(
            messaging,
            appointment,
            "confirmation",
            channel,
            recipient,
          );
          const outcome = await sendOrKeep(messaging, channel, message, {
            kind: "test",
            recipient,
            id: appointment.id,
          });
          result[key] =
            outcome.status === "sent" ? { success: true } : { success: false, error: outcome.note };
        } catch (error) {
          result[key] = { success: false, error: messageOf(error) };
        }
      }
      return result;
    },
  );
};
