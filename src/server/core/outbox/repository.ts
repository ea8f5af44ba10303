import { and, count, desc, eq, ilike, inArray, like, notInArray, or, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { firstRowWhere } from "../../db/rows";
import { appointments, contactMessages, outboxMessages } from "../../db/schema";

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = typeof outboxMessages.$inferInsert;

/** Adds messages; one per appointment, kind, channel and recipient, so a repeated event adds nothing. */
export async function enqueue(db: Db, rows: NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(outboxMessages).values(rows).onConflictDoNothing();
}

/**
 * Claims due rows for one worker: pending rows whose time has come, and rows whose previous worker died mid-send
 * (its lock lapsed). SKIP LOCKED lets several server instances claim from one table without taking the same row.
 */
export async function claimDue(db: Db, now: Date, lockUntil: Date, limit: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update outbox_messages
       set status = 'processing', locked_until = ${lockUntil}, attempts = attempts + 1, updated_at = ${now}
     where id in (
       select id from outbox_messages
        where (status = 'pending' and due_at <= ${now})
           or (status = 'processing' and locked_until < ${now})
        order by due_at
        limit ${limit}
        for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, ids))
    .orderBy(outboxMessages.dueAt);
}

/** One channel's queue: messages waiting to be sent (queued, waiting for a retry, or being sent), and the oldest due. */
export interface ChannelQueue {
  channel: string;
  waiting: number;
  /** When the longest-waiting message that is due now was due; null when none is due. */
  oldestDueAt: Date | null;
}

/**
 * The outbox's queue by channel, for the metrics: a message due long ago and still unsent means the worker is stuck
 * or the channel keeps failing. "Due" is what `claimDue` would take now. One pass over the status index.
 */
export async function queueByChannel(db: Db, now: Date): Promise<ChannelQueue[]> {
  const due = sql`(${outboxMessages.status} = 'pending' and ${outboxMessages.dueAt} <= ${now})
    or (${outboxMessages.status} = 'processing' and ${outboxMessages.lockedUntil} < ${now})`;
  const rows = await db
    .select({
      channel: outboxMessages.channel,
      waiting: count(),
      oldestDueAt: sql<Date | null>`min(${outboxMessages.dueAt}) filter (where ${due})`.mapWith(
        outboxMessages.dueAt,
      ),
    })
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, ["pending", "processing"]))
    .groupBy(outboxMessages.channel);
  return rows.map((row) => ({ ...row, waiting: Number(row.waiting) }));
}

export async function finish(db: Db, id: string, changes: Partial<NewOutboxRow>): Promise<void> {
  await db.update(outboxMessages).set(changes).where(eq(outboxMessages.id, id));
}

/** The states a message can be sent again from: it failed, or its channel was not set up at the time. */
const RETRYABLE_STATUSES = ["failed", "skipped", "written_to_file"];

/**
 * Puts a failed, skipped or file-written message back in the queue, due at `at`, in one statement: of retries sent at
 * once, exactly one finds the row still in its state. Answers the row, or nothing when it could not be retried.
 */
export async function requeueFailed(db: Db, id: string, at: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outboxMessages)
    .set({ status: "pending", attempts: 0, dueAt: at, lastError: null, updatedAt: at })
    .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, RETRYABLE_STATUSES)))
    .returning();
  return row;
}

export async function findById(db: Db, id: string): Promise<OutboxRow | undefined> {
  return firstRowWhere(db, outboxMessages, eq(outboxMessages.id, id));
}

/** Every message about one appointment, in the order they were due. */
export async function messagesOfAppointment(db: Db, appointmentId: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.appointmentId, appointmentId))
    .orderBy(outboxMessages.dueAt, outboxMessages.kind, outboxMessages.channel, outboxMessages.recipient);
}

/**
 * What became of a message, as the dashboard counts and filters them: failing (failed for good, or waiting to be
 * tried again after an error), waiting (due, or being sent), sent, written to a file (the channel is not set up;
 * rows from before that state had one of their own are "skipped" with a note saying so), and not sent (anything
 * else: skipped, cancelled).
 */
type OutboxBucket = "failing" | "waiting" | "sent" | "written_to_file" | "not_sent";

const { status, attempts, lastError } = outboxMessages;
const BUCKETS: Record<Exclude<OutboxBucket, "not_sent">, SQL> = {
  failing: sql`(${status} = 'failed' or (${status} = 'pending' and ${attempts} > 0))`,
  waiting: sql`(${status} = 'processing' or (${status} = 'pending' and ${attempts} = 0))`,
  sent: sql`(${status} = 'sent')`,
  written_to_file: sql`(${status} = 'written_to_file' or (${status} = 'skipped' and coalesce(${lastError}, '') like 'Written to file%'))`,
};

/** The condition a bucket's messages meet; not sent is none of the others. */
function bucketCondition(bucket: OutboxBucket): SQL {
  if (bucket !== "not_sent") return BUCKETS[bucket];
  return sql`not (${sql.join(Object.values(BUCKETS), sql` or `)})`;
}

/** How many messages are in each bucket, for the dashboard's one-line summary of the outbox. */
export async function countByBucket(db: Db): Promise<{ bucket: OutboxBucket; count: number }[]> {
  const bucket = sql<OutboxBucket>`case ${sql.join(
    Object.entries(BUCKETS).map(([name, condition]) => sql`when ${condition} then ${sql.raw(`'${name}'`)}`),
    sql` `,
  )} else 'not_sent' end`;
  const rows = await db
    .select({ bucket, count: count() })
    .from(outboxMessages)
    .groupBy(sql`1`);
  return rows.map((row) => ({ bucket: row.bucket, count: Number(row.count) }));
}

/** Which messages the dashboard's list shows: a bucket (or all), and a search. */
export interface OutboxListFilter {
  bucket: OutboxBucket | undefined;
  /** Any part of the patient's, the parent's or the contact sender's name (without regard to case). */
  name: string | undefined;
  /** The start of the appointment's id (lower-case hex): a booking id, or part of one. */
  idPrefix: string | undefined;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listCondition(filter: OutboxListFilter): SQL | undefined {
  const search = [
    ...(filter.name
      ? [
          ilike(appointments.patientName, likePattern(filter.name)),
          ilike(appointments.guardianName, likePattern(filter.name)),
          ilike(contactMessages.name, likePattern(filter.name)),
        ]
      : []),
    ...(filter.idPrefix ? [sql`${outboxMessages.appointmentId}::text like ${`${filter.idPrefix}%`}`] : []),
  ];
  return and(
    filter.bucket ? bucketCondition(filter.bucket) : undefined,
    search.length > 0 ? or(...search) : undefined,
  );
}

/** A message of the list, with the name of the patient (or contact sender) it is about. */
interface OutboxListRow {
  row: OutboxRow;
  name: string | null;
}

/** A page of the messages the filter matches, newest first. */
export async function listMessages(
  db: Db,
  filter: OutboxListFilter,
  limit: number,
  offset: number,
): Promise<OutboxListRow[]> {
  const rows = await db
    .select({
      row: outboxMessages,
      name: sql<string | null>`coalesce(${appointments.patientName}, ${contactMessages.name})`,
    })
    .from(outboxMessages)
    .leftJoin(appointments, eq(appointments.id, outboxMessages.appointmentId))
    .leftJoin(contactMessages, eq(contactMessages.id, outboxMessages.contactMessageId))
    .where(listCondition(filter))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.dueAt), desc(outboxMessages.id))
    .limit(limit)
    .offset(offset);
  return rows;
}

/** How many messages the filter matches. */
export async function countMessages(db: Db, filter: OutboxListFilter): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(outboxMessages)
    .leftJoin(appointments, eq(appointments.id, outboxMessages.appointmentId))
    .leftJoin(contactMessages, eq(contactMessages.id, outboxMessages.contactMessageId))
    .where(listCondition(filter));
  return Number(row?.count ?? 0);
}

/** Withdraws the reminders not yet sent for an appointment that moved or was cancelled. */
export async function withdrawPendingReminders(db: Db, appointmentId: string, now: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: "cancelled", lastError: "The appointment moved or was cancelled", updatedAt: now })
    .where(
      and(
        eq(outboxMessages.appointmentId, appointmentId),
        eq(outboxMessages.status, "pending"),
        like(outboxMessages.kind, "reminder_%"),
      ),
    );
}

/**
 * Puts the patient's confirmation (e-mail and WhatsApp) back in the queue, due now, unless it is queued already.
 * Answers how many messages will go out.
 */
export async function requeuePatientConfirmation(db: Db, appointmentId: string, now: Date): Promise<number> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: "pending", attempts: 0, dueAt: now, lastError: null, sentAt: null, updatedAt: now })
    .where(
      and(
        eq(outboxMessages.appointmentId, appointmentId),
        eq(outboxMessages.kind, "confirmation"),
        eq(outboxMessages.recipient, "patient"),
        notInArray(outboxMessages.status, ["pending", "processing"]),
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** The kinds of the messages about these appointments whose kind starts with `prefix` ("running_late_"). */
export async function kindsOfAppointments(
  db: Db,
  appointmentIds: readonly string[],
  prefix: string,
): Promise<{ appointmentId: string; kind: string; createdAt: Date }[]> {
  if (appointmentIds.length === 0) return [];
  const rows = await db
    .selectDistinct({
      appointmentId: outboxMessages.appointmentId,
      kind: outboxMessages.kind,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(
      and(
        inArray(outboxMessages.appointmentId, [...appointmentIds]),
        like(outboxMessages.kind, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      ),
    );
  return rows.flatMap((row) =>
    row.appointmentId ? [{ appointmentId: row.appointmentId, kind: row.kind, createdAt: row.createdAt }] : [],
  );
}
