import type { I18n, Messages } from "@lingui/core";
import { messages as enBooking } from "./catalogues/en/booking";
import { messages as hiBooking } from "./catalogues/hi/booking";
import { messages as knBooking } from "./catalogues/kn/booking";
import { messages as enLegal } from "./catalogues/en/legal";
import { messages as hiLegal } from "./catalogues/hi/legal";
import { messages as knLegal } from "./catalogues/kn/legal";
import { messages as enVisit } from "./catalogues/en/visit";
import { messages as hiVisit } from "./catalogues/hi/visit";
import { messages as knVisit } from "./catalogues/kn/visit";
import { messages as enRoom } from "./catalogues/en/room";
import { messages as hiRoom } from "./catalogues/hi/room";
import { messages as knRoom } from "./catalogues/kn/room";
import type { MessageChunk } from "./chunks";
import type { Language } from "./languages";
import { translatorFor } from "./messages";
import { SITE_MESSAGES, siteTranslator } from "./site-messages";

/**
 * Every chunk's compiled catalogue in every language, for the server: it renders the pages that need a chunk at once
 * and writes the chunk's words into their page data. The browser never imports this module; it fetches one chunk of
 * one language when it needs it (src/client/lib/message-chunks.ts).
 */
export const CHUNK_MESSAGES: Record<MessageChunk, Record<Language, Messages>> = {
  booking: { en: enBooking, hi: hiBooking, kn: knBooking },
  legal: { en: enLegal, hi: hiLegal, kn: knLegal },
  visit: { en: enVisit, hi: hiVisit, kn: knVisit },
  room: { en: enRoom, hi: hiRoom, kn: knRoom },
};

/** A page's messages: the site's catalogue of its language, and the chunks it needs at once. */
export function pageMessages(language: Language, chunks: readonly MessageChunk[] = []): Messages {
  const messages: Messages = { ...SITE_MESSAGES[language] };
  for (const chunk of chunks) Object.assign(messages, CHUNK_MESSAGES[chunk][language]);
  return messages;
}

const translators = new Map<string, I18n>();

/** The server's translator for a page's messages, made once per language and chunks. */
export function pageTranslator(language: Language, chunks: readonly MessageChunk[] = []): I18n {
  if (chunks.length === 0) return siteTranslator(language);
  const key = `${language}:${[...chunks].sort().join(",")}`;
  let translator = translators.get(key);
  if (!translator) {
    translator = translatorFor(language, pageMessages(language, chunks));
    translators.set(key, translator);
  }
  return translator;
}
