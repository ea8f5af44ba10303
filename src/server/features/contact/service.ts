import type { z } from "zod";
import type { contactMessageSchema } from "@shared/contact";
import type { Db } from "../../db/client";
import { insertContactMessage } from "./repository";

export type ContactMessage = z.output<typeof contactMessageSchema>;

/**
 * Stores a message from a contact form. A message whose hidden honeypot field is filled came from a robot: it is
 * answered like any other, so the robot learns nothing, but it is not kept.
 */
export async function receiveContactMessage(db: Db, message: ContactMessage): Promise<{ id: string | null }> {
  if (message.website !== "") return { id: null };
  const { website: _honeypot, ...fields } = message;
  return insertContactMessage(db, fields);
}
