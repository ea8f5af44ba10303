import type { AccessLogView } from "@shared/patients";
import { and, desc, eq, gt, lt, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accessLog } from "../../db/schema";

/** The session a parent's link writes (PARENT_LINK of the access log). */
export const PARENT_SESSION = "parent link";

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

/** Rows written before the one with id `before`, newest first, of one view of the log. */
export async function accessLogRows(db: Db, before: number | undefined, limit: number, show: AccessLogView) {
  return db
    .select()
    .from(accessLog)
    .where(
      and(
        before === undefined ? undefined : lt(accessLog.id, before),
        show === "changes" ? ne(accessLog.action, "view") : undefined,
        show === "parent" ? eq(accessLog.session, PARENT_SESSION) : undefined,
      ),
    )
    .orderBy(desc(accessLog.id))
    .limit(limit);
}
