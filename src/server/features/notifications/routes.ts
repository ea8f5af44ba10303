import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { NotificationTestResult } from "@shared/admin";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { findAppointment } from "../booking/repository";

const params = z.object({ appointmentId: z.string().min(1).max(100) });
const notConfigured = { success: false, error: "Not configured: notifications are not switched on yet" };

/**
 * The admin's notification test. Until e-mail, WhatsApp and video rooms are set up, each channel reports that it is
 * not configured; an unknown appointment is a 404 either way.
 */
export const notificationTestRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    "/api/test-notifications/:appointmentId",
    { schema: { params } },
    async (request): Promise<NotificationTestResult> => {
      const id = request.params.appointmentId.trim();
      const appointment = z.string().uuid().safeParse(id).success ? await findAppointment(db, id) : undefined;
      if (!appointment) throw new HttpError(404, `Appointment not found: ${id}`);
      return {
        videoRoom: notConfigured,
        emailPatient: notConfigured,
        emailDoctor: notConfigured,
        whatsappPatient: notConfigured,
        whatsappDoctor: notConfigured,
      };
    },
  );
};
