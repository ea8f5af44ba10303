import type { Language } from "./i18n/languages";

/**
 * The version of the teleconsultation consent and the privacy acknowledgement in force in each language: the date
 * its wording took effect. The wording itself is the booking dialog's catalogue (`consent.teleconsultation` and
 * `consent.privacy` in src/shared/i18n/catalogues/<language>/booking.json), so a Kannada page carries only the
 * Kannada wording. Every booking stores the text it agreed to, word for word, in its language; a wording changed
 * without a new version here fails the test beside the server's consent wording.
 */
export const CONSENT_VERSIONS: Record<Language, string> = {
  en: "2026-11-25",
  hi: "2026-11-28",
  kn: "2026-11-28",
};

/** Who the adult booking for a child is to them; the consultation is with this adult present. */
export const GUARDIAN_RELATIONSHIPS = [
  "Mother",
  "Father",
  "Grandparent",
  "Legal guardian",
  "Other relative",
] as const;
export type GuardianRelationship = (typeof GUARDIAN_RELATIONSHIPS)[number];

/** India's age of majority: below it, a parent or guardian books and consents for the patient. */
export const ADULT_AGE = 18;
