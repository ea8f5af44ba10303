import { createHash } from "node:crypto";
import { CONSENT_VERSIONS } from "@shared/consent";
import { CHUNK_MESSAGES } from "@shared/i18n/chunk-messages";
import type { Language } from "@shared/i18n/languages";
import { translatorFor } from "@shared/i18n/messages";

export interface ConsentWording {
  /** The wording's version and a hash of its text: a wording changed without a new version is kept apart. */
  id: string;
  version: string;
  language: Language;
  teleconsultation: string;
  privacy: string;
}

/** A message as plain text: the markup tags around the Privacy Notice's link ("<0>…</0>") taken out. */
function plainText(message: string): string {
  return message.replace(/<\/?\d+\/?>/g, "");
}

function wordingIn(language: Language): ConsentWording {
  // The booking dialog's catalogue of the language, where the consent's wording is (`consent.*`).
  const i18n = translatorFor(language, CHUNK_MESSAGES.booking[language]);
  const teleconsultation = plainText(i18n._("consent.teleconsultation"));
  const privacy = plainText(i18n._("consent.privacy"));
  const digest = createHash("sha256").update(`${teleconsultation}\n${privacy}`).digest("hex").slice(0, 16);
  const version = CONSENT_VERSIONS[language];
  return { id: `${version}:${digest}`, version, language, teleconsultation, privacy };
}

const wordings = new Map<Language, ConsentWording>();

/**
 * The consent wording in force in a language, word for word as the booking dialog of that language shows it: what
 * a booking made in that language records as agreed to.
 */
export function consentWording(language: Language): ConsentWording {
  let wording = wordings.get(language);
  if (!wording) {
    wording = wordingIn(language);
    wordings.set(language, wording);
  }
  return wording;
}
