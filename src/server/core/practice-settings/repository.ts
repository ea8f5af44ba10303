import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
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
