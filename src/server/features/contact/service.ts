import type { z } from "zod";
import type { contactMessageSchema } from "@shared/contact";
import { mobileNumberE164 } from "@shared/phone";
import type { Db } from "../../db/client";
import { enqueueContactMessage } from "../../core/outbox/enqueue";
import { insertContactMessage } from "./repository";

type ContactMessage = z.output<typeof contactMessageSchema>;

/**
 * Stores a message from a contact form and, in the same transaction, queues its e-mail to the doctor. A message
 * whose hidden honeypot field is filled came from a robot: it is answered like any other, so the robot learns
 * nothing, but it is neither kept nor sent.
 */
export async function receiveContactMessage(
  db: Db,
  message: ContactMessage,
  now: Date,
): Promise<{ id: string | null }> {
  if (message.website !== "") return { id: null };
  const { website: _honeypot, ...fields } = message;
  return db.transaction(async (tx) => {
    // A phone, when given, is kept in E.164, as the bookings' phones are.
    const phone = fields.phone === "" ? "" : (mobileNumberE164(fields.phone) ?? fields.phone);
    const stored = await insertContactMessage(tx, { ...fields, phone, createdAt: now });
    await enqueueContactMessage(tx, stored.id, now);
    return stored;
  });
}

export { findContactMessage } from "./repository";
