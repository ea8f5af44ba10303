import { Trans, useLingui } from "@lingui/react";
import type { ReactElement } from "react";
import { isLanguage, type Language, LANGUAGE_LOCALES } from "@shared/i18n/languages";
import { type MessageId, type MessageValues } from "@shared/i18n/messages";
import { type DateWording, dateInWords } from "@shared/i18n/words";
import { siteProfile } from "./site-profile";

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The page's messages: `t("header.book")` in the page's language (its address decides it). */
export function useT(): Translate {
  const { i18n } = useLingui();
  return (id, values) => i18n._(id, values);
}

/**
 * A message with markup: `<0>{fee}</0> per video consultation` with `components={{ 0: <strong /> }}` (Lingui's
 * Trans, its id checked against the catalogue).
 */
export function Message({
  id,
  values,
  components,
}: {
  id: MessageId;
  /** Placeholders' values: text, numbers, or an element (the doctor's English words marked `lang="en"`). */
  values?: Record<string, string | number | ReactElement>;
  components?: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}

/** The page's language. */
export function useLanguage(): Language {
  const { locale } = useLingui().i18n;
  return isLanguage(locale) ? locale : "en";
}

/**
 * `lang="en"` for the doctor's own words (profile, articles) on a page in another language, which she writes in
 * English until she adds a translation: a screen reader then reads them in English. Nothing on an English page.
 */
export function useEnglishContentLang(): "en" | undefined {
  return useLanguage() === "en" ? undefined : "en";
}

/**
 * `lang="en"` for a part of the doctor's profile on a page in another language, unless she has translated that part
 * into the page's language (the part's name as `profileOnPage` gives it: "about", "service.2"). Nothing on an English
 * page.
 */
export function useProfileLang(): (part: string) => "en" | undefined {
  const english = useEnglishContentLang();
  return (part) => (english && !siteProfile.translatedParts?.includes(part) ? english : undefined);
}

/**
 * The `lang` of words in `language` on this page: nothing when it is the page's own (an article the doctor has
 * translated into it), else that language (her English article on a Kannada page).
 */
export function useContentLang(language: Language): Language | undefined {
  return useLanguage() === language ? undefined : language;
}

/** Rupees as the page's language writes them: "₹2,000" (Hindi "₹2,000", Kannada "₹2,000"; lakhs per locale). */
export function useRupees(): (amount: number) => string {
  const locale = LANGUAGE_LOCALES[useLanguage()];
  return (amount) => `₹${amount.toLocaleString(locale)}`;
}

export interface DateFormats {
  /** "22 November 2026" */
  long(date: string): string;
  /** "Sunday, 22 November 2026" */
  longWithWeekday(date: string): string;
  /** "22 Nov 2026" */
  short(date: string): string;
}

/**
 * Calendar dates (YYYY-MM-DD, already in the clinic's zone) in the page's language, with the month and weekday names
 * and the order of its catalogue (the names are CLDR's for hi-IN and kn-IN): no `Intl.DateTimeFormat` while a page
 * hydrates (see lib/format.ts). Anything that is not a date is shown as it is.
 */
export function useDates(): DateFormats {
  const t = useT();
  const format = (date: string, wording: DateWording) => dateInWords(t, date, wording);
  return {
    long: (date) => format(date, "date.long"),
    longWithWeekday: (date) => format(date, "date.longWithWeekday"),
    short: (date) => format(date, "date.short"),
  };
}
