import type { MessageValues, SiteMessageId } from "./messages";

/**
 * Dates and times of day in a language's words, from its site catalogue: the browser's pages and the server's
 * messages and documents say "ಭಾನುವಾರ, 22 ನವೆಂಬರ್ 2026" and "ಸಂಜೆ 7:00" the same way. They take what the clinic's
 * clock reads (a calendar date, a 24-hour time), never an instant, and create no `Intl` formatter.
 */
export type SiteTranslate = (id: SiteMessageId, values?: MessageValues) => string;

/** A calendar date's numbers: month 1-12, weekday 0 (Sunday) to 6; undefined for anything that is not a date. */
export function calendarParts(
  date: string,
): { day: number; month: number; year: string; weekday: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [, year = "", month = "", day = ""] = match;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12 || Number(day) < 1 || Number(day) > 31) return undefined;
  const weekday = new Date(Date.UTC(Number(year), monthNumber - 1, Number(day))).getUTCDay();
  return { day: Number(day), month: monthNumber, year, weekday };
}

export type DateWording = "date.long" | "date.longWithWeekday" | "date.short";

/** "2026-11-22" as the catalogue writes it ("Sunday, 22 November 2026"); anything that is not a date as it is. */
export function dateInWords(t: SiteTranslate, date: string, wording: DateWording): string {
  const parts = calendarParts(date);
  if (!parts) return date;
  const monthId = wording === "date.short" ? `monthShort.${parts.month}` : `month.${parts.month}`;
  return t(wording, {
    day: parts.day,
    month: t(monthId as SiteMessageId),
    year: parts.year,
    weekday: t(`weekday.${parts.weekday}` as SiteMessageId),
  });
}

/**
 * "19:00" with the part of the day people name it by ("शाम 7:00", "ಸಂಜೆ 7:00"), in 12-hour time. English says
 * "7:00 PM" through the same catalogue.
 */
export function clockTimeInWords(t: SiteTranslate, time: string): string {
  const [hourText = "0", minute = "00"] = time.split(":");
  const hour = Number(hourText);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${minute}`;
  const period: SiteMessageId =
    hour < 5
      ? "hours.lateNight"
      : hour < 12
        ? "hours.morning"
        : hour < 17
          ? "hours.afternoon"
          : hour < 20
            ? "hours.evening"
            : "hours.night";
  return t(period, { time: clock });
}
