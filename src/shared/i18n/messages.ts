import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type englishBooking from "./catalogues/en/booking.json";
import type englishLegal from "./catalogues/en/legal.json";
import type englishVisit from "./catalogues/en/visit.json";
import type englishRoom from "./catalogues/en/room.json";
import type english from "./catalogues/en/site.json";
import { type Language, LANGUAGE_LOCALES } from "./languages";

/** The id of a message of the site's catalogue (src/shared/i18n/catalogues/en/site.json has every one). */
export type SiteMessageId = keyof typeof english;
/**
 * The id of a message of the booking dialog's catalogue (catalogues/en/booking.json), loaded with the dialog. The
 * form's validation messages are there under the shared schema's English words, which are their ids.
 */
export type BookingMessageId = keyof typeof englishBooking;
/**
 * The ids of the legal pages' bodies (catalogues/en/legal.json), of the manage page (visit.json) and of the video
 * room (room.json).
 */
export type LegalMessageId = keyof typeof englishLegal;
export type VisitMessageId = keyof typeof englishVisit;
export type RoomMessageId = keyof typeof englishRoom;
export type MessageId = SiteMessageId | BookingMessageId | LegalMessageId | VisitMessageId | RoomMessageId;
/** The values of a message's placeholders ("{name}"). */
export type MessageValues = Record<string, string | number>;

/** Lingui's translator for one language, holding that language's compiled messages. */
export function translatorFor(language: Language, messages: Messages): I18n {
  return setupI18n({
    locale: language,
    locales: [LANGUAGE_LOCALES[language]],
    messages: { [language]: messages },
  });
}

/** A message in the translator's language, with its placeholders filled. */
export function translate(i18n: I18n, id: SiteMessageId, values?: MessageValues): string {
  return i18n._(id, values);
}
