import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { runsOneTransactionAtATime } from "../../db/one-at-a-time";
import { practiceSettings, settingsChanges } from "../../db/schema";

/** The keys of what the doctor sets in Settings, each one JSON value. */
export type PracticeSettingKey = "profile" | "fees" | "doctor_contacts";

export async function readPracticeSetting(db: Db, key: PracticeSettingKey): Promise<unknown> {
  const rows = await db
    .select({ value: practiceSettings.value })
    .from(practiceSettings)
    .where(eq(practiceSettings.key, key));
  return rows[0]?.value;
}

/** Writes of any setting made by this process, so that a value kept in memory knows when it may be old. */
let writes = 0;
const kept = new WeakMap<Db, Map<PracticeSettingKey, { value: unknown; writes: number }>>();

/**
 * The setting as `readPracticeSetting` gives it, kept in memory on the embedded database: one process holds that
 * database, every write goes through `writePracticeSetting`, and PGlite runs one transaction at a time, so a value
 * kept until the next write is never older than a read would give. A booking reads the fees this way (a statement
 * less of its few). On PostgreSQL, where other processes may write, it is read every time.
 */
export async function readPracticeSettingKept(db: Db, key: PracticeSettingKey): Promise<unknown> {
  if (!runsOneTransactionAtATime(db)) return readPracticeSetting(db, key);
  let entries = kept.get(db);
  if (!entries) {
    entries = new Map();
    kept.set(db, entries);
  }
  const entry = entries.get(key);
  if (entry && entry.writes === writes) return entry.value;
  // Counted before the read: a write that comes while it waits leaves the value marked as old.
  const writesBefore = writes;
  const value = await readPracticeSetting(db, key);
  entries.set(key, { value, writes: writesBefore });
  return value;
}

/**
 * Reads the value for change: the key is locked until the transaction ends (an advisory lock, since a key never saved
 * has no row to hold), so saves of one key run one after the other and each sees the value the one before wrote.
 */
export async function lockPracticeSetting(db: Db, key: PracticeSettingKey): Promise<unknown> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`practice_settings:${key}`}))`);
  return readPracticeSetting(db, key);
}

export async function writePracticeSetting(
  db: Db,
  key: PracticeSettingKey,
  value: unknown,
  now: Date,
): Promise<void> {
  writes += 1;
  await db
    .insert(practiceSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: practiceSettings.key, set: { value, updatedAt: now } });
}

type NewSettingsChange = typeof settingsChanges.$inferInsert;

export async function recordSettingsChange(db: Db, change: NewSettingsChange): Promise<void> {
  await db.insert(settingsChanges).values(change);
}

/** The latest changes, newest first. */
export async function settingsChangeRows(db: Db, limit: number) {
  return db.select().from(settingsChanges).orderBy(desc(settingsChanges.id)).limit(limit);
}

/** Whether any change of this subject was ever saved. */
export async function hasSettingsChange(db: Db, subject: string): Promise<boolean> {
  const rows = await db
    .select({ id: settingsChanges.id })
    .from(settingsChanges)
    .where(eq(settingsChanges.subject, subject))
    .limit(1);
  return rows.length > 0;
}
