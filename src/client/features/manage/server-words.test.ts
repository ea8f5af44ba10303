import { describe, expect, it } from "vitest";
import { REFUSAL_MESSAGES } from "@shared/cancellation-policy";
import { pageTranslator } from "@shared/i18n/chunk-messages";
import type { Language } from "@shared/i18n/languages";
import { MANAGE_MESSAGES } from "@shared/manage";
import { ERASURE_DONE, ERASURE_EXPLAINED, ERASURE_REFUSALS } from "@shared/patients";
import { UPLOAD_MESSAGES } from "@shared/uploads";
import type { Translate } from "@/lib/i18n";
import { knownServerSentence, sayServerSentence } from "./server-words";

function translatorIn(language: Language): Translate {
  const i18n = pageTranslator(language, ["visit"]);
  return (id, values) => i18n._(id, values);
}

/** What the parent may read from the manage API, in the server's words. */
const SERVER_SENTENCES = [
  ...Object.values(MANAGE_MESSAGES),
  ...Object.values(REFUSAL_MESSAGES),
  ...Object.values(ERASURE_REFUSALS),
  ERASURE_DONE,
  // A request without a file is the page's own doing, never the parent's: it needs no words of its own.
  ...Object.entries(UPLOAD_MESSAGES)
    .filter(([key]) => key !== "notMultipart")
    .map(([, text]) => text),
];

describe("the server's sentences on the manage page", () => {
  it("are each in the page's catalogue, its English word for word the server's", () => {
    const english = translatorIn("en");
    for (const sentence of SERVER_SENTENCES) {
      const known = knownServerSentence(sentence);
      expect(known, sentence).toBeDefined();
      if (known) expect(english(known.id, known.values)).toBe(sentence);
    }
    expect(english("data.explained")).toBe(ERASURE_EXPLAINED);
  });

  it.each(["hi", "kn"] as const)("are said in %s, with no English left", (language) => {
    const t = translatorIn(language);
    for (const sentence of SERVER_SENTENCES) {
      const said = sayServerSentence(t, false, sentence);
      expect(said, sentence).not.toBe(sentence);
      // Only the file types' names and sizes are written in Latin letters.
      expect(said.replace(/PDF|JPEG|PNG|HEIC|MB/g, ""), sentence).not.toMatch(/[A-Za-z]{2,}/);
    }
  });

  it("says a sentence it does not know as the error catalogue words such a failure, not in English", () => {
    const said = sayServerSentence(translatorIn("kn"), false, "Too many requests from this address");
    expect(said).not.toMatch(/[A-Za-z]{3,}/);
    expect(sayServerSentence(translatorIn("en"), true, "Anything the server says")).toBe(
      "Anything the server says",
    );
  });
});
