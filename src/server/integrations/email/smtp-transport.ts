import { createTransport } from "nodemailer";
import type { NodemailerError } from "nodemailer/lib/errors";
import { withoutEmailAddresses } from "@shared/email";
import type { EmailMessage, EmailTransport, SendResult } from "../messaging/types";
import { TransportError } from "../messaging/types";

interface SmtpTransportOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465; unset: not configured. */
  url?: string;
  /** The From header, e.g. `"Dr. Rao's clinic" <no-reply@clinic.example>`. */
  from: string;
  /** Connection, greeting and idle-socket limit; the defaults of nodemailer (up to 10 minutes) would stall the worker. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** Sends through one SMTP server named by a URL; errors come back as TransportError, retried unless permanent. */
export function createSmtpTransport(options: SmtpTransportOptions): EmailTransport {
  const url = options.url?.trim();
  if (!url) return notConfigured();
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const secrets = secretsOf(url);
  const transporter = createTransport(
    { url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout },
    { from: options.from },
  );
  return {
    configured: true,
    async send(message: EmailMessage): Promise<SendResult> {
      try {
        const info = await transporter.sendMail({
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          replyTo: message.replyTo,
          icalEvent: message.icalEvent,
          attachments: message.attachments,
        });
        return { providerMessageId: info.messageId };
      } catch (error) {
        throw toTransportError(error, secrets);
      }
    },
    async close(): Promise<void> {
      transporter.close();
    },
  };
}

function notConfigured(): EmailTransport {
  return {
    configured: false,
    async send(): Promise<SendResult> {
      // Not permanent: the message is fine, the site is not; it goes out once SMTP_URL is set.
      throw new TransportError("E-mail is not configured: SMTP_URL is not set");
    },
  };
}

/** The URL's user and password, in every spelling that could show up in an error text, so they can be removed. */
function secretsOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    const raw = [parsed.password, parsed.username];
    return [...raw, ...raw.map(safeDecode)].filter((value) => value.length >= 3);
  } catch {
    return [];
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function isNodemailerError(error: unknown): error is NodemailerError {
  return error instanceof Error;
}

export function toTransportError(error: unknown, secrets: string[] = []): TransportError {
  if (!isNodemailerError(error)) return new TransportError(`E-mail could not be sent: ${String(error)}`);
  let message = `E-mail could not be sent: ${error.message}`;
  if (error.code && !error.message.includes(error.code)) message += ` (${error.code})`;
  for (const secret of secrets) message = message.split(secret).join("***");
  return new TransportError(message, isPermanent(error));
}

/**
 * Permanent means "the same message will be refused again": a 5xx reply (nodemailer's `permanent` flag, which
 * already excludes 503), including a refused login (535), which no retry fixes until someone changes SMTP_URL.
 * Not permanent: 4xx replies, connection failures and timeouts. A 5xx whose enhanced status code is 4.x.x or
 * whose text says to try again is a server mislabelling a temporary condition, and is retried.
 */
function isPermanent(error: NodemailerError): boolean {
  const responseCode = error.responseCode;
  if (responseCode === undefined) {
    // No SMTP reply: an address nodemailer itself found unusable is permanent; anything else is the connection.
    return error.code === "EENVELOPE";
  }
  const permanent = error.permanent ?? (responseCode >= 500 && responseCode < 600 && responseCode !== 503);
  return permanent && !looksTemporary(error.response ?? error.message);
}

/** The reply's own words: an address it quotes is the parent's typing ("temporary.x@example.org"), not the server's. */
function looksTemporary(response: string): boolean {
  const words = withoutEmailAddresses(response);
  return /^\d{3}[ -]4\.\d{1,3}\.\d{1,3}\b/.test(words) || /try again later|temporar/i.test(words);
}
