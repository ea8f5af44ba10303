import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { MessagingDeps } from "./deliver";
import { channelSetups } from "./notification-test";
import { latestNotifications, outboxSummary, retryNotification } from "../../core/outbox/admin-queries";

const idParams = z.object({ id: z.string().uuid("Message not found") });

/** The dashboard's view of the outbox, and a second chance for a message that failed or was skipped. */
export const adminNotificationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  nudge: () => void;
  /** Which channels are set up, so the dashboard offers a resend of file-written messages only once one is. */
  messaging: MessagingDeps;
}> = async (app, { db, now, nudge, messaging }) => {
  app.get("/api/admin/notifications", async () => {
    const [notifications, summary] = await Promise.all([latestNotifications(db), outboxSummary(db)]);
    return { notifications, summary, channels: channelSetups(messaging) };
  });

  app.post("/api/admin/notifications/:id/retry", { schema: { params: idParams } }, async (request) => {
    const notification = await retryNotification(db, request.params.id, now());
    nudge();
    return { notification };
  });
};
