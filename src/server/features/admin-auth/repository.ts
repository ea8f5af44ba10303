import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { firstRowWhere } from "../../db/rows";
import { adminLoginThrottle, adminSessions } from "../../db/schema";

type AdminSessionRow = typeof adminSessions.$inferSelect;

export async function insertSession(db: Db, row: AdminSessionRow): Promise<void> {
  await db.insert(adminSessions).values(row);
}

export async function findSession(db: Db, tokenHash: string): Promise<AdminSessionRow | undefined> {
  return firstRowWhere(db, adminSessions, eq(adminSessions.tokenHash, tokenHash));
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

/**
 * Counts one login attempt from an address in a single statement and answers the count so far in its window, so
 * that parallel attempts each see their own number. A window older than `windowStart` starts again at 1.
 */
export async function countLoginAttempt(
  db: Db,
  address: string,
  now: Date,
  windowStart: Date,
): Promise<{ attempts: number; windowStartedAt: Date }> {
  const lapsed = sql`${adminLoginThrottle.windowStartedAt} <= ${windowStart}`;
  const [row] = await db
    .insert(adminLoginThrottle)
    .values({ address, windowStartedAt: now, attempts: 1 })
    .onConflictDoUpdate({
      target: adminLoginThrottle.address,
      set: {
        attempts: sql`case when ${lapsed} then 1 else ${adminLoginThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${lapsed} then ${now} else ${adminLoginThrottle.windowStartedAt} end`,
      },
    })
    .returning({
      attempts: adminLoginThrottle.attempts,
      windowStartedAt: adminLoginThrottle.windowStartedAt,
    });
  if (!row) throw new Error("Counting a login attempt returned no row");
  return row;
}

export async function clearLoginAttempts(db: Db, address: string): Promise<void> {
  await db.delete(adminLoginThrottle).where(eq(adminLoginThrottle.address, address));
}
