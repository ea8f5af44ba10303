import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accessLog } from "../../db/schema";

type NewAccessLogRow = typeof accessLog.$inferInsert;

export async function insertAccessLog(db: Db, row: NewAccessLogRow): Promise<void> {
  await db.insert(accessLog).values(row);
}

/**
 * Whether this session's latest row about the record, written after `since`, is this very row (the same action in the
 * same words): nothing about the record happened in between.
 */
export async function lastRowWasSame(db: Db, row: NewAccessLogRow, since: Date): Promise<boolean> {
  const [latest] = await db
    .select({ action: accessLog.action, detail: accessLog.detail })
    .from(accessLog)
    .where(
      and(
        eq(accessLog.recordType, row.recordType),
        eq(accessLog.recordId, row.recordId),
        eq(accessLog.session, row.session),
        gt(accessLog.at, since),
      ),
    )
    .orderBy(desc(accessLog.id))
    .limit(1);
  return latest !== undefined && latest.action === row.action && latest.detail === (row.detail ?? "");
}

/** Rows written before the one with id `before`, newest first. */
export async function accessLogRows(db: Db, before: number | undefined, limit: number) {
  return db
    .select()
    .from(accessLog)
    .where(before === undefined ? undefined : lt(accessLog.id, before))
    .orderBy(desc(accessLog.id))
    .limit(limit);
}
