import { randomUUID } from "node:crypto";
import type { SetupEmailTest } from "@shared/setup";
import { doctorRecipients } from "../settings/service";
import { type MessagingDeps, sendOrKeep } from "./deliver";

/**
 * What other features may ask of notifications: how each channel is set up, and a test e-mail to the doctor. The
 * outbox itself is in core/outbox; message delivery stays inside this feature.
 */
export type { MessagingDeps } from "./deliver";
export { channelSetups } from "./notification-test";

/** The doctor's copies go here: her address in Settings, else DOCTOR_EMAIL, else the profile's contact e-mail. */
async function doctorAddress(messaging: MessagingDeps): Promise<string> {
  const { email } = await doctorRecipients(messaging.db, messaging.config);
  return email ?? messaging.profile.current().contact.email;
}

/**
 * A test e-mail to the doctor's own address, sent now as every message is (through SMTP, or to a file outside
 * production), so that she sees one arrive before a parent's does. A refusal by the mail server is answered as such.
 */
export async function sendTestEmail(messaging: MessagingDeps, siteUrl: string): Promise<SetupEmailTest> {
  const to = await doctorAddress(messaging);
  const lines = [
    `This is a test e-mail from ${siteUrl}.`,
    "If you can read it, the site can send e-mails: parents' confirmations, reminders and prescriptions, and your copies.",
  ];
  const text = lines.join("\n\n");
  const outcome = await sendOrKeep(
    messaging,
    "email",
    {
      to,
      subject: "Test e-mail from your clinic site",
      text,
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    },
    { kind: "setup_test", recipient: "doctor", id: randomUUID() },
  );
  return {
    to,
    outcome: outcome.status === "cancelled" ? "skipped" : outcome.status,
    note: "note" in outcome ? outcome.note : null,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
