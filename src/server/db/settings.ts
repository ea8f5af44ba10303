import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { appSettings } from "./schema";

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const rows = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return rows[0]?.value;
}

/** Stores the value unless the key already exists; answers whether this call stored it. */
export async function claimSetting(db: Db, key: string, value: string): Promise<boolean> {
  const rows = await db.insert(appSettings).values({ key, value }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}
