import type { I18n, Messages } from "@lingui/core";
import { messages as en } from "./catalogues/en/site";
import { messages as hi } from "./catalogues/hi/site";
import { messages as kn } from "./catalogues/kn/site";
import type { Language } from "./languages";
import { translatorFor } from "./messages";

/**
 * Every language's compiled site catalogue, for the server: it renders pages in each language and writes the page's
 * own catalogue into the page data. The browser never imports this module (it would carry all three languages); it
 * takes its language's catalogue from the page (src/client/architecture.test.ts keeps it so).
 */
export const SITE_MESSAGES: Record<Language, Messages> = { en, hi, kn };

const translators = new Map<Language, I18n>();

/** The server's translator of a language, made once. */
export function siteTranslator(language: Language): I18n {
  let translator = translators.get(language);
  if (!translator) {
    translator = translatorFor(language, SITE_MESSAGES[language]);
    translators.set(language, translator);
  }
  return translator;
}
