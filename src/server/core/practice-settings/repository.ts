import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { practiceSettings, settingsChanges } from "../../db/schema";

/** The keys of what the doctor sets in Settings, each one JSON value. */
export type PracticeSettingKey = "profile" | "fees";

export async function readPracticeSetting(db: Db, key: PracticeSettingKey): Promise<unknown> {
  const rows = await db
    .select({ value: practiceSettings.value })
    .from(practiceSettings)
    .where(eq(practiceSettings.key, key));
  return rows[0]?.value;
}

/** Reads the value for change, holding its row until the transaction ends (none yet: nothing to hold). */
export async function lockPracticeSetting(db: Db, key: PracticeSettingKey): Promise<unknown> {
  const rows = await db
    .select({ value: practiceSettings.value })
    .from(practiceSettings)
    .where(eq(practiceSettings.key, key))
    .for("update");
  return rows[0]?.value;
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
  return db.select().from(settingsChanges).orderBy(desc(settingsChanges.changedAt)).limit(limit);
}
