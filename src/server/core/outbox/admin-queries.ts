import type { AdminNotification, OutboxSummary } from "@shared/admin";
import { bookingIdOf } from "@shared/booking";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import {
  countByStatus,
  findById,
  latest,
  messagesOfAppointment,
  type OutboxRow,
  requeueFailed,
} from "./repository";

/**
 * Rows written to a file before that had a state of its own were marked "skipped" with this note; they are shown as
 * what they are.
 */
function adminStatus(row: OutboxRow): string {
  return row.status === "skipped" && row.lastError?.startsWith("Written to file")
    ? "written_to_file"
    : row.status;
}

/** The dashboard's view of the outbox: what became of each message, and a second chance for those that failed. */
function toAdminNotification(row: OutboxRow): AdminNotification {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel as AdminNotification["channel"],
    recipient: row.recipient as AdminNotification["recipient"],
    status: adminStatus(row),
    attempts: row.attempts,
    lastError: row.lastError,
    dueAt: row.dueAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    bookingId: row.appointmentId ? bookingIdOf(row.appointmentId) : null,
  };
}

/** The newest messages of the outbox, newest first. */
export async function latestNotifications(db: Db, limit = 20): Promise<AdminNotification[]> {
  return (await latest(db, limit)).map(toAdminNotification);
}

/** The messages about one appointment, as the dashboard shows them. */
export async function appointmentNotifications(db: Db, appointmentId: string): Promise<AdminNotification[]> {
  return (await messagesOfAppointment(db, appointmentId)).map(toAdminNotification);
}

/**
 * The whole outbox in a line: sent, written to files (channel not set up), failing (failed for good, or waiting to
 * be tried again after an error), waiting, and not sent (skipped or cancelled).
 */
export async function outboxSummary(db: Db): Promise<OutboxSummary> {
  const summary: OutboxSummary = { sent: 0, writtenToFile: 0, failing: 0, waiting: 0, notSent: 0 };
  for (const { status, retrying, count } of await countByStatus(db)) {
    if (status === "sent") summary.sent += count;
    else if (status === "written_to_file") summary.writtenToFile += count;
    else if (status === "failed" || retrying) summary.failing += count;
    else if (status === "pending" || status === "processing") summary.waiting += count;
    else summary.notSent += count;
  }
  return summary;
}

/**
 * Puts a failed, skipped or file-written message back in the queue, due now; a second retry of it at the same moment
 * is a 409.
 */
export async function retryNotification(db: Db, id: string, at: Date): Promise<AdminNotification> {
  const requeued = await requeueFailed(db, id, at);
  if (requeued) return toAdminNotification(requeued);
  const row = await findById(db, id);
  if (!row) throw new HttpError(404, "Message not found");
  throw new HttpError(
    409,
    `Only failed messages, or messages not sent for want of a channel, can be sent again; this one is ${adminStatus(row).replaceAll("_", " ")}.`,
  );
}
