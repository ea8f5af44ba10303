import { createHash, randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appointments, manageLinks } from "../../db/schema";
import { isLanguage, languagePrefix } from "@shared/i18n/languages";
import { MANAGE_MESSAGES } from "@shared/manage";

/** What a manage link that opens no booking is answered, whoever asks (the manage page, uploads, prescriptions). */
export const INVALID_LINK_MESSAGE = MANAGE_MESSAGES.invalidLink;

type ManageLinkChannel = "email" | "whatsapp" | "result_page";

/** The path of the parent's page for a booking, in the booking's language: /kn/appointments/manage/{token}. */
function managePath(token: string, language: string): string {
  const prefix = isLanguage(language) ? languagePrefix(language) : "";
  return `${prefix}/appointments/manage/${token}`;
}

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 32 random bytes (256 bits) in base64url: 43 characters, safe in a URL and a WhatsApp template. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Where a manage link leads: the site's address and the language of the booking's page. */
export interface ManageLinkSite {
  siteUrl: string;
  language: string;
}

/**
 * A new manage link for an appointment: a fresh random token per message, of which only the hash is kept. Answers
 * the absolute URL to put in the message.
 */
export async function issueManageLink(
  db: Db,
  appointmentId: string,
  issuedFor: ManageLinkChannel,
  site: ManageLinkSite,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(manageLinks).values({ tokenHash: hashOf(token), appointmentId, issuedFor, createdAt: now });
  return `${site.siteUrl.replace(/\/+$/, "")}${managePath(token, site.language)}`;
}

/** The appointment a token opens, or undefined for anything else (the shape is checked before the database). */
export async function appointmentIdForToken(db: Db, token: string): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const rows = await db
    .select({ appointmentId: manageLinks.appointmentId })
    .from(manageLinks)
    .where(eq(manageLinks.tokenHash, hashOf(token)))
    .limit(1);
  return rows[0]?.appointmentId;
}

/** The most links the payment result page hands out for one booking: a few reloads, not a link per request. */
const RESULT_PAGE_LINK_LIMIT = 10;

/**
 * A manage link for the payment result page, unless the page has handed out its share for this booking. The count
 * and the new link are one step: the appointment's row is locked while counting, so parallel reloads of the page
 * are counted one after the other and never pass the limit together.
 */
export async function issueResultPageLink(
  db: Db,
  appointmentId: string,
  site: ManageLinkSite,
  now: Date,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.id, appointmentId))
      .for("update");
    const [row] = await tx
      .select({ n: count() })
      .from(manageLinks)
      .where(and(eq(manageLinks.appointmentId, appointmentId), eq(manageLinks.issuedFor, "result_page")));
    if (Number(row?.n ?? 0) >= RESULT_PAGE_LINK_LIMIT) return undefined;
    return issueManageLink(tx, appointmentId, "result_page", site, now);
  });
}
