import type { Translate } from "./i18n";

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** "14:30" on a zone's 24-hour clock, made once per zone (the video room asks every second). */
export function zoneClock(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** "19:00" for an instant, as the clinic's clock reads it. */
export function clinicClock(iso: string, timeZone: string): string {
  return zoneClock(timeZone).format(new Date(iso));
}

/** The catalogue's plural messages for days, hours and minutes ("{count, plural, one {# day} other {# days}}"). */
export interface DurationIds<Id> {
  days: Id;
  hours: Id;
  minutes: Id;
}

/**
 * How long before the start the room opens, as people say it: "1 hour 30 minutes", in the page's language, with the
 * catalogue's words for days, hours and minutes (the payment result's and the manage page's each have theirs).
 */
export function leadTimeInWords<Id extends Parameters<Translate>[0]>(
  t: Translate,
  ids: DurationIds<Id>,
  opensAt: string,
  startsAt: string,
): string {
  const minutes = Math.max(0, Math.round((Date.parse(startsAt) - Date.parse(opensAt)) / 60_000));
  const parts = [
    [Math.floor(minutes / 1440), ids.days],
    [Math.floor((minutes % 1440) / 60), ids.hours],
    [minutes % 60, ids.minutes],
  ] as const;
  const said = parts.filter(([count]) => count > 0).map(([count, id]) => t(id, { count }));
  return said.join(" ") || t(ids.minutes, { count: 0 });
}
