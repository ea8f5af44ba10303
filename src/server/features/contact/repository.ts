import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { firstRowWhere } from "../../db/rows";
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
  return firstRowWhere(db, contactMessages, eq(contactMessages.id, id));
}
