import { mkdir, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { templateMessageBody } from "../whatsapp/cloud-api-transport";
import type { EmailMessage, Recipient, WhatsAppMessage } from "./types";

/**
 * Where messages go when their channel is not configured (development, tests, a trial install): a real RFC 822
 * .eml file, which any mail program opens with its calendar invite, or the exact JSON body the WhatsApp Cloud API
 * would receive. Nothing is lost, and a developer sees what a patient would get.
 */
interface FileOutboxMeta {
  /** A MessageKind, or the worker's own name for it ("reminder_1440m"): it only names the file. */
  kind: string;
  recipient: Recipient;
  /** The outbox row's id, so the file can be traced back. */
  id: string;
}

interface FileOutboxOptions {
  /** The From header of .eml files. */
  from?: string;
  now?: Date;
}

const DEFAULT_FROM = '"Clinic" <no-reply@localhost>';

/** Writes the message under `dir` and returns the file's path. */
export async function writeToFileOutbox(
  dir: string,
  message: EmailMessage | WhatsAppMessage,
  meta: FileOutboxMeta,
  options: FileOutboxOptions = {},
): Promise<string> {
  const email = isEmail(message);
  const name = fileName(
    options.now ?? new Date(),
    meta,
    email ? "email" : "whatsapp",
    email ? "eml" : "json",
  );
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (email) return writeNewFile(dir, name, await emlOf(message, options.from ?? DEFAULT_FROM));
  if (!message.document) return writeNewFile(dir, name, whatsAppJson(message));
  // A document would be uploaded to WhatsApp when sent; here it is kept beside the body, which names its file.
  const documentPath = await writeNewFile(dir, name.replace(/\.json$/, ".pdf"), message.document.content);
  return writeNewFile(dir, name, whatsAppJson(message, `(uploaded when sent: ${basename(documentPath)})`));
}

function whatsAppJson(message: WhatsAppMessage, mediaId?: string): string {
  return `${JSON.stringify(templateMessageBody(message, mediaId), null, 2)}\n`;
}

/**
 * Patient details are inside: readable by the server's user only; "wx" never overwrites another message. Two
 * messages of one kind for one row in the same second (a test sent twice at once) get "-2", "-3"... in their name.
 */
async function writeNewFile(dir: string, name: string, content: string | Buffer): Promise<string> {
  const dot = name.lastIndexOf(".");
  for (let copy = 1; ; copy += 1) {
    const path = join(dir, copy === 1 ? name : `${name.slice(0, dot)}-${copy}${name.slice(dot)}`);
    try {
      await writeFile(path, content, { mode: 0o600, flag: "wx" });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || copy >= 100) throw error;
    }
  }
}

function isEmail(message: EmailMessage | WhatsAppMessage): message is EmailMessage {
  return "subject" in message;
}

/** "2026-11-22T13-30-00Z_confirmation_patient_email_<id>.eml": sorts by time, and colons are not allowed on Windows. */
function fileName(at: Date, meta: FileOutboxMeta, channel: string, extension: string): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
  const parts = [stamp, meta.kind, meta.recipient, channel, meta.id].map(safePart);
  return `${parts.join("_")}.${extension}`;
}

function safePart(value: string): string {
  return value.replace(/[^A-Za-z0-9.-]+/g, "-").slice(0, 80);
}

async function emlOf(message: EmailMessage, from: string): Promise<Buffer> {
  const composer = new MailComposer({
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    icalEvent: message.icalEvent,
    attachments: message.attachments,
  });
  return composer.compile().build();
}
