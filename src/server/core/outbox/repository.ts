import { and, count, desc, eq, inArray, like, notInArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { outboxMessages } from "../../db/schema";

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

export async function finish(db: Db, id: string, changes: Partial<NewOutboxRow>): Promise<void> {
  await db.update(outboxMessages).set(changes).where(eq(outboxMessages.id, id));
}

export async function latest(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.dueAt), desc(outboxMessages.id))
    .limit(limit);
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
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  return rows[0];
}

/** Every message about one appointment, in the order they were due. */
export async function messagesOfAppointment(db: Db, appointmentId: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.appointmentId, appointmentId))
    .orderBy(outboxMessages.dueAt, outboxMessages.kind, outboxMessages.channel, outboxMessages.recipient);
}

/** How many messages are in each state, for the dashboard's one-line summary of the outbox. */
export async function countByStatus(db: Db): Promise<{ status: string; retrying: boolean; count: number }[]> {
  const rows = await db
    .select({
      status: outboxMessages.status,
      retrying: sql<boolean>`(${outboxMessages.status} = 'pending' and ${outboxMessages.attempts} > 0)`,
      count: count(),
    })
    .from(outboxMessages)
    .groupBy(sql`1, 2`);
  return rows.map((row) => ({
    status: row.status,
    retrying: Boolean(row.retrying),
    count: Number(row.count),
  }));
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
