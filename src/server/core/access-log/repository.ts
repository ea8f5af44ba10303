import { desc, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accessLog } from "../../db/schema";

type NewAccessLogRow = typeof accessLog.$inferInsert;

export async function insertAccessLog(db: Db, row: NewAccessLogRow): Promise<void> {
  await db.insert(accessLog).values(row);
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
