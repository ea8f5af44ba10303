import type { ContactMessage } from "@shared/contact";
import { apiRequest } from "@/lib/api";

/** Sends a contact form's message to the doctor. */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  await apiRequest("POST", "/api/contact", message);
}
