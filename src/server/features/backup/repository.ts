import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backupRuns } from "../../db/schema";

export type BackupTrigger = "schedule" | "command" | "download";

export interface BackupRun {
  id: string;
  trigger: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: string;
  bytes: number;
  location: string | null;
  error: string | null;
}

/**
 * Notes that a backup starts. A scheduled one names its day; answers undefined when that day's backup was already
 * started (by this server earlier, or by another server on the same database).
 */
export async function startRun(
  db: Db,
  run: { trigger: BackupTrigger; startedAt: Date; scheduledFor?: string },
): Promise<string | undefined> {
  const [row] = await db
    .insert(backupRuns)
    .values({ trigger: run.trigger, startedAt: run.startedAt, scheduledFor: run.scheduledFor ?? null })
    .onConflictDoNothing()
    .returning({ id: backupRuns.id });
  return row?.id;
}

export async function finishRun(
  db: Db,
  id: string,
  outcome: { succeeded: boolean; finishedAt: Date; bytes?: number; location?: string; error?: string },
): Promise<void> {
  await db
    .update(backupRuns)
    .set({
      outcome: outcome.succeeded ? "succeeded" : "failed",
      finishedAt: outcome.finishedAt,
      bytes: outcome.bytes ?? 0,
      location: outcome.location ?? null,
      error: outcome.error ?? null,
    })
    .where(eq(backupRuns.id, id));
}

export async function latestRuns(db: Db, limit: number): Promise<BackupRun[]> {
  return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(limit);
}

export async function latestSuccess(db: Db): Promise<BackupRun | undefined> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.outcome, "succeeded"))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row;
}
