import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { MessagingDeps } from "./deliver";
import { channelSetups } from "./notification-test";
import { outboxListQuerySchema } from "@shared/admin";
import { listNotifications, outboxSummary, retryNotification } from "../../core/outbox/admin-queries";

const idParams = z.object({ id: z.string().uuid("Message not found") });

/**
 * The dashboard's view of the outbox, a page at a time, by what became of each message and found by name or booking
 * id; and a second chance for a message that failed or was skipped.
 */
export const adminNotificationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  nudge: () => void;
  /** Which channels are set up, so the dashboard offers a resend of file-written messages only once one is. */
  messaging: MessagingDeps;
}> = async (app, { db, now, nudge, messaging }) => {
  app.get("/api/admin/notifications", { schema: { querystring: outboxListQuerySchema } }, async (request) => {
    const [list, summary] = await Promise.all([listNotifications(db, request.query), outboxSummary(db)]);
    // The list names patients: each look at it is logged; the search words may be a name, so only that one was made.
    await request.recordAccess({
      action: "view",
      recordType: "message_list",
      recordId: `${request.query.status} page ${request.query.page}`,
      detail: request.query.q ? "searched the messages" : "listed the messages",
    });
    return { ...list, summary, channels: channelSetups(messaging) };
  });

  app.post("/api/admin/notifications/:id/retry", { schema: { params: idParams } }, async (request) => {
    const notification = await retryNotification(db, request.params.id, now());
    nudge();
    return { notification };
  });
};
