import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages } from "../../db/schema";

type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<{ id: string }> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error("Contact message insert returned no row");
  return row;
}

export async function findContactMessage(
  db: Db,
  id: string,
): Promise<typeof contactMessages.$inferSelect | undefined> {
  const rows = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return rows[0];
}
