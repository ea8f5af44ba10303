import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@shared/i18n/languages";
import { consentWording } from "./consent-wording";

/**
 * The wording each version names, by its id (version and hash of the text). A consent's text changed in a catalogue
 * without a new version in src/shared/consent.ts fails here: give the new wording a new version (the date it takes
 * effect), then write its id below. Bookings keep pointing at the wording they agreed to either way.
 */
const REVIEWED_WORDINGS = {
  en: "2026-11-25:997d28826cd136ac",
  hi: "2026-11-28:d6892f0834b05b3b",
  kn: "2026-11-28:2806472db42af600",
};

describe("the consent's wording in each language", () => {
  it.each(LANGUAGES)("%s is the wording its version names", (language) => {
    expect(consentWording(language).id).toBe(REVIEWED_WORDINGS[language]);
  });

  it("English is the wording every English booking has agreed to since its version", () => {
    expect(consentWording("en")).toMatchObject({
      language: "en",
      privacy:
        "I have read the Privacy Notice and agree that the details above, including the patient's health information, are used for this consultation as it describes.",
    });
  });
});
