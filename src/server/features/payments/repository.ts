import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookReceipts } from "../../db/schema";

export async function hasReceipt(db: Db, dedupeKey: string): Promise<boolean> {
  const rows = await db
    .select({ key: webhookReceipts.dedupeKey })
    .from(webhookReceipts)
    .where(eq(webhookReceipts.dedupeKey, dedupeKey));
  return rows.length > 0;
}

/** Answers false when another delivery of the same webhook stored its receipt first. */
export async function storeReceipt(
  db: Db,
  dedupeKey: string,
  type: string,
  orderId: string | undefined,
): Promise<boolean> {
  const rows = await db
    .insert(webhookReceipts)
    .values({ dedupeKey, type, orderId: orderId ?? null })
    .onConflictDoNothing()
    .returning({ key: webhookReceipts.dedupeKey });
  return rows.length > 0;
}
