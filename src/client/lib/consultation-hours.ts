import { type ConsultationHoursGroup, consecutiveRuns, hoursLines } from "@shared/consultation-hours";
import type { SiteMessageId } from "@shared/i18n/messages";
import type { SiteProfile } from "@shared/site-profile";
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from "@shared/weekdays";
import { type Translate, useLanguage, useT } from "./i18n";
import { slotLabel } from "@shared/slots";
import { clockTimeInWords } from "@shared/i18n/words";
import { usePageRead } from "./page-reads";
import { publicConfigRead } from "./public-config-read";

/**
 * The profile's hours as the pages show them: the first entry is the consultation hours, whose time is the doctor's
 * weekly hours as the server states them (GET /api/config), so it follows every change she makes; the other entries
 * (e-mail enquiries...) are the profile's own. The settings are read from what the page arrived with (every page
 * carries them; lib/page-reads.tsx), without TanStack Query, which would add its code to the home page's first
 * script; until they are there, the profile's words stand. In English the words are the spec's ("Daily, 7:00 PM - 9:00 PM"); in
 * Hindi and Kannada they are made from the same days and sessions with the catalogue's words.
 */
export function useHoursEntries(hours: SiteProfile["contact"]["hours"]): { days: string; times: string[] }[] {
  const config = usePageRead(publicConfigRead).data;
  const language = useLanguage();
  const t = useT();
  const lines = (groups: readonly ConsultationHoursGroup[]) =>
    language === "en" ? hoursLines(groups) : translatedHoursLines(groups, t);
  return hours.map((entry, index) => ({
    days: entry.days,
    times: index === 0 && config ? lines(config.consultationHours) : [entry.time],
  }));
}

/** The schedule's weekday of an English day name ("Monday" -> "monday"), as the settings name the group's days. */
const WEEKDAY_OF_NAME = new Map(WEEKDAYS.map((day) => [WEEKDAY_NAMES[day], day]));

export function translatedHoursLines(groups: readonly ConsultationHoursGroup[], t: Translate): string[] {
  if (groups.length === 0) return [t("hours.none")];
  return translatedHoursGroups(groups, t).map((group) => t("hours.line", group));
}

/** Each group's days and times in the translator's words ("ಪ್ರತಿದಿನ", "ಸಂಜೆ 7:00 - ರಾತ್ರಿ 9:00"). */
export function translatedHoursGroups(
  groups: readonly ConsultationHoursGroup[],
  t: Translate,
): { days: string; times: string }[] {
  // The catalogue numbers the days as dates do, from Sunday (0); the schedule's week starts on Monday.
  const dayName = (day: Weekday) => t(`weekday.${(WEEKDAYS.indexOf(day) + 1) % 7}` as SiteMessageId);
  const joined = (parts: string[]) =>
    parts.length <= 1
      ? parts.join("")
      : t("hours.and", { list: parts.slice(0, -1).join(", "), last: parts.at(-1) ?? "" });
  return groups.map((group) => {
    const days =
      group.weekdays.length === WEEKDAYS.length
        ? t("hours.daily")
        : joined(
            consecutiveRuns(group.weekdays.flatMap((name) => WEEKDAY_OF_NAME.get(name) ?? [])).map((run) =>
              run.length >= 3
                ? t("hours.dayRange", {
                    first: dayName(run[0] ?? "sunday"),
                    last: dayName(run.at(-1) ?? "sunday"),
                  })
                : run.map(dayName).join(", "),
            ),
          );
    const times = joined(
      group.sessions.map((session) =>
        t("hours.timeRange", {
          start: clockTimeInWords(t, session.opens),
          end: clockTimeInWords(t, session.closes),
        }),
      ),
    );
    return { days, times };
  });
}

/**
 * A time of day as the page's language says it: "7:00 PM" in English (the spec's), "ಸಂಜೆ 7:00" in Kannada, with the
 * zone after it when given ("7:00 PM IST").
 */
export function useClockTime(): (time: string, zoneLabel?: string) => string {
  const t = useT();
  const language = useLanguage();
  return (time, zoneLabel) => {
    const clock = language === "en" ? slotLabel(time) : clockTimeInWords(t, time);
    return zoneLabel ? `${clock} ${zoneLabel}` : clock;
  };
}
