import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notificationTestSchema } from "@shared/admin";
import type { MessagingDeps } from "./deliver";
import { notificationTestRecipients, testNotifications } from "./notification-test";

const params = z.object({ appointmentId: z.string().min(1).max(100) });

/** The dashboard's notification test (admin only: registered in the admin scope). */
export const notificationTestRoutes: FastifyPluginAsyncZod<{ messaging: MessagingDeps }> = async (
  app,
  { messaging },
) => {
  app.get("/api/test-notifications/:appointmentId", { schema: { params } }, async (request) =>
    notificationTestRecipients(messaging, request.params.appointmentId),
  );

  app.post(
    "/api/test-notifications/:appointmentId",
    { schema: { params, body: notificationTestSchema } },
    async (request) => testNotifications(messaging, request.params.appointmentId, request.body),
  );
};
