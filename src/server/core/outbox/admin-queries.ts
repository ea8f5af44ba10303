import {
  type AdminNotification,
  OUTBOX_PAGE_SIZE,
  type OutboxFilter,
  type OutboxListEntry,
  type OutboxSummary,
} from "@shared/admin";
import { bookingIdOf } from "@shared/booking";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import {
  countByBucket,
  countMessages,
  findById,
  listMessages,
  messagesOfAppointment,
  type OutboxListFilter,
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

/**
 * A search is a name, or part of one; a booking id (as "#ab12cd34" or "ab12cd34", or its first 4 characters or more)
 * also finds the booking's messages.
 */
function searchOf(text: string): Pick<OutboxListFilter, "name" | "idPrefix"> {
  const query = text.trim();
  if (query === "") return { name: undefined, idPrefix: undefined };
  const id = query.replace(/^#/, "").toLowerCase();
  return { name: query, idPrefix: /^[0-9a-f]{4,8}$/.test(id) ? id : undefined };
}

/**
 * A page of the outbox, newest first: every message, or those of one bucket of the summary (failing, waiting...),
 * found by a name or a booking id; with how many match in all.
 */
export async function listNotifications(
  db: Db,
  { status, q, page }: { status: OutboxFilter; q: string; page: number },
): Promise<{ notifications: OutboxListEntry[]; page: number; total: number; hasMore: boolean }> {
  const filter: OutboxListFilter = { bucket: status === "all" ? undefined : status, ...searchOf(q) };
  const [rows, total] = await Promise.all([
    listMessages(db, filter, OUTBOX_PAGE_SIZE + 1, (page - 1) * OUTBOX_PAGE_SIZE),
    countMessages(db, filter),
  ]);
  return {
    notifications: rows
      .slice(0, OUTBOX_PAGE_SIZE)
      .map(({ row, name }) => ({ ...toAdminNotification(row), name })),
    page,
    total,
    hasMore: rows.length > OUTBOX_PAGE_SIZE,
  };
}

/** The messages about one appointment, as the dashboard shows them. */
export async function appointmentNotifications(db: Db, appointmentId: string): Promise<AdminNotification[]> {
  return (await messagesOfAppointment(db, appointmentId)).map(toAdminNotification);
}

/**
 * The whole outbox in a line: sent, written to files (channel not set up), failing (failed for good, or waiting to
 * be tried again after an error), waiting, and not sent (skipped or cancelled). The list's filters are the same
 * buckets, so a count and its filter always agree.
 */
export async function outboxSummary(db: Db): Promise<OutboxSummary> {
  const summary: OutboxSummary = { sent: 0, writtenToFile: 0, failing: 0, waiting: 0, notSent: 0 };
  const field = {
    sent: "sent",
    written_to_file: "writtenToFile",
    failing: "failing",
    waiting: "waiting",
    not_sent: "notSent",
  } as const;
  for (const { bucket, count } of await countByBucket(db)) summary[field[bucket]] += count;
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
