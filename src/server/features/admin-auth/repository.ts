import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { adminLoginFailures, adminSessions } from "../../db/schema";

export type AdminSessionRow = typeof adminSessions.$inferSelect;

export async function insertSession(db: Db, row: AdminSessionRow): Promise<void> {
  await db.insert(adminSessions).values(row);
}

export async function findSession(db: Db, tokenHash: string): Promise<AdminSessionRow | undefined> {
  const rows = await db.select().from(adminSessions).where(eq(adminSessions.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function touchSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: at }).where(eq(adminSessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
}

export async function deleteAllSessions(db: Db): Promise<void> {
  await db.delete(adminSessions);
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
}

export async function recordLoginFailure(db: Db, address: string, at: Date): Promise<void> {
  await db.insert(adminLoginFailures).values({ address, failedAt: at });
}

/** Failures from an address since `since`, and when the oldest of them happened. */
export async function recentLoginFailures(
  db: Db,
  address: string,
  since: Date,
): Promise<{ count: number; oldest?: Date }> {
  const where = and(eq(adminLoginFailures.address, address), gt(adminLoginFailures.failedAt, since));
  const [total] = await db.select({ value: count() }).from(adminLoginFailures).where(where);
  const [oldest] = await db
    .select({ at: adminLoginFailures.failedAt })
    .from(adminLoginFailures)
    .where(where)
    .orderBy(asc(adminLoginFailures.failedAt))
    .limit(1);
  return { count: total?.value ?? 0, ...(oldest ? { oldest: oldest.at } : {}) };
}

export async function clearLoginFailures(db: Db, address: string): Promise<void> {
  await db.delete(adminLoginFailures).where(eq(adminLoginFailures.address, address));
}
