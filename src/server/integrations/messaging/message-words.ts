import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { type I18n } from "@lingui/core";
import { messages as en } from "@shared/i18n/catalogues/en/messages";
import { messages as hi } from "@shared/i18n/catalogues/hi/messages";
import { messages as kn } from "@shared/i18n/catalogues/kn/messages";
import type englishMessages from "@shared/i18n/catalogues/en/messages.json";
import { type Language, LANGUAGE_LOCALES } from "@shared/i18n/languages";
import { type MessageValues, translatorFor } from "@shared/i18n/messages";
import { SITE_MESSAGES } from "@shared/i18n/site-messages";
import { clockTimeInWords, dateInWords, type SiteTranslate } from "@shared/i18n/words";
import {
  formatAmount,
  formatClockTime,
  formatDayShort,
  formatWhenLong,
  formatWhenShort,
} from "./format-appointment";

/**
 * The words of what the server sends a parent (e-mails, WhatsApp parameters, the fee receipt) in the language of
 * the booking: the messages catalogue (src/shared/i18n/catalogues/<language>/messages.json) for the sentences, the
 * site's catalogue for dates and times of day, so a Kannada e-mail writes a date as the Kannada page does.
 */
export type MessageTextId = keyof typeof englishMessages;

export interface MessageWords {
  language: Language;
  /** A sentence of the messages catalogue, its placeholders filled. */
  t: (id: MessageTextId, values?: MessageValues) => string;
  /** Lingui's translator over both catalogues, for templates with markup (`<Trans>`). */
  i18n: I18n;
  /** "Sunday, 22 November 2026, 7:00 PM IST" in the language's words. */
  whenLong: (at: Date, timeZone: string, zoneLabel: string) => string;
  /** "Sun 22 Nov, 7:00 PM IST": subject lines. */
  whenShort: (at: Date, timeZone: string, zoneLabel: string) => string;
  /** "22 Nov 2026": a document's dates. */
  day: (at: Date, timeZone: string) => string;
  /** "7:00 PM" */
  clock: (at: Date, timeZone: string) => string;
  /** "₹2,000" */
  rupees: (amount: number) => string;
}

const MESSAGES = { en, hi, kn };
const kept = new Map<Language, MessageWords>();

/** The words of a language, made once. */
export function messageWords(language: Language): MessageWords {
  let words = kept.get(language);
  if (!words) {
    words = makeWords(language);
    kept.set(language, words);
  }
  return words;
}

function makeWords(language: Language): MessageWords {
  const i18n = translatorFor(language, { ...SITE_MESSAGES[language], ...MESSAGES[language] });
  const site: SiteTranslate = (id, values) => i18n._(id, values);
  const t = (id: MessageTextId, values?: MessageValues) => i18n._(id, values);
  const clinicDate = (at: Date, timeZone: string) => format(at, "yyyy-MM-dd", { in: tz(timeZone) });
  const clinicClock = (at: Date, timeZone: string) => format(at, "HH:mm", { in: tz(timeZone) });
  // English keeps the wording its messages always had ("Sun 22 Nov", "Sep": format-appointment.ts).
  const english = language === "en";
  const inWords = (
    at: Date,
    timeZone: string,
    zone: string,
    wording: "date.longWithWeekday" | "date.short",
  ) =>
    t("when.long", {
      date: dateInWords(site, clinicDate(at, timeZone), wording),
      time: clockTimeInWords(site, clinicClock(at, timeZone)),
      zone,
    });
  return {
    language,
    t,
    i18n,
    whenLong: (at, timeZone, zone) =>
      english ? formatWhenLong(at, timeZone, zone) : inWords(at, timeZone, zone, "date.longWithWeekday"),
    whenShort: (at, timeZone, zone) =>
      english ? formatWhenShort(at, timeZone, zone) : inWords(at, timeZone, zone, "date.short"),
    day: (at, timeZone) =>
      english ? formatDayShort(at, timeZone) : dateInWords(site, clinicDate(at, timeZone), "date.short"),
    clock: (at, timeZone) =>
      english ? formatClockTime(at, timeZone) : clockTimeInWords(site, clinicClock(at, timeZone)),
    rupees: (amount) =>
      english ? formatAmount(amount) : `₹${amount.toLocaleString(LANGUAGE_LOCALES[language])}`,
  };
}
