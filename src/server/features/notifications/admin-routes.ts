import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminNotification } from "@shared/admin";
import { bookingIdOf } from "@shared/booking";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { findById, finish, latest, type OutboxRow } from "./repository";

function toAdminNotification(row: OutboxRow): AdminNotification {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel as AdminNotification["channel"],
    recipient: row.recipient as AdminNotification["recipient"],
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    dueAt: row.dueAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    bookingId: row.appointmentId ? bookingIdOf(row.appointmentId) : null,
  };
}

const idParams = z.object({ id: z.string().uuid("Message not found") });

/** The dashboard's view of the outbox, and a second chance for a message that failed or was skipped. */
export const adminNotificationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  nudge: () => void;
}> = async (app, { db, now, nudge }) => {
  app.get("/api/admin/notifications", async () => ({
    notifications: (await latest(db, 20)).map(toAdminNotification),
  }));

  app.post("/api/admin/notifications/:id/retry", { schema: { params: idParams } }, async (request) => {
    const row = await findById(db, request.params.id);
    if (!row) throw new HttpError(404, "Message not found");
    if (row.status !== "failed" && row.status !== "skipped") {
      throw new HttpError(409, `Only failed or skipped messages can be retried; this one is ${row.status}.`);
    }
    const at = now();
    await finish(db, row.id, { status: "pending", attempts: 0, dueAt: at, lastError: null, updatedAt: at });
    nudge();
    return {
      notification: toAdminNotification({
        ...row,
        status: "pending",
        attempts: 0,
        dueAt: at,
        lastError: null,
      }),
    };
  });
};
