import { clinicDate } from "@shared/clinic-time";
import { clockTimeInWords, dateInWords } from "@shared/i18n/words";
import type { VideoRoomWindow } from "@shared/video";
import type { Translate } from "@/lib/i18n";
import { clinicClock, leadTimeInWords } from "@/lib/room-opening";
import type { countdown } from "@/lib/room-window";

/**
 * The video room's times and numbers in the page's language, from the room's catalogue (room.json) and the site's
 * dates and times of day: "Sunday, 22 November 2026 at 7:00 PM IST" in English, "ಭಾನುವಾರ, ನವೆಂಬರ್ 22, 2026, ಸಂಜೆ 7:00
 * IST" in Kannada. Times are the clinic's, whatever zone the browser is in. Pure: the tests give them a translator.
 */

type Countdown = ReturnType<typeof countdown>;
type ClinicWindow = Pick<VideoRoomWindow, "timeZone" | "timeZoneLabel">;

/** "Sunday, 22 November 2026": the clinic's date of an instant, in the page's words. */
function clinicDateIn(t: Translate, iso: string, timeZone: string): string {
  return dateInWords(t, clinicDate(new Date(iso), timeZone), "date.longWithWeekday");
}

/** "7:00 PM IST", "ಸಂಜೆ 7:00 IST": the clinic's time of an instant, with the zone's short name. */
function clinicTimeIn(t: Translate, iso: string, window: ClinicWindow): string {
  return `${clockTimeInWords(t, clinicClock(iso, window.timeZone))} ${window.timeZoneLabel}`;
}

/** The consultation's date and time: "Sunday, 22 November 2026 at 7:00 PM IST". */
export function consultationWhenIn(t: Translate, window: VideoRoomWindow): string {
  return t("room.when", {
    date: clinicDateIn(t, window.startsAt, window.timeZone),
    time: clinicTimeIn(t, window.startsAt, window),
  });
}

/**
 * When the room opens: the time alone when it opens on the consultation's own date, else the date too ("Saturday,
 * 21 November 2026, 6:30 PM IST").
 */
export function opensAtIn(
  t: Translate,
  window: Pick<VideoRoomWindow, "opensAt" | "startsAt" | "timeZone" | "timeZoneLabel">,
): string {
  const time = clinicTimeIn(t, window.opensAt, window);
  const opensOn = clinicDate(new Date(window.opensAt), window.timeZone);
  if (opensOn === clinicDate(new Date(window.startsAt), window.timeZone)) return time;
  return t("room.dateAndTime", { date: clinicDateIn(t, window.opensAt, window.timeZone), time });
}

const LEAD_TIME_IDS = {
  days: "room.lead.days",
  hours: "room.lead.hours",
  minutes: "room.lead.minutes",
} as const;

/** How long before the start the room opens, as people say it: "1 hour", "30 minutes", "1 hour 30 minutes". */
export function leadTimeIn(t: Translate, window: Pick<VideoRoomWindow, "opensAt" | "startsAt">): string {
  return leadTimeInWords(t, LEAD_TIME_IDS, window.opensAt, window.startsAt);
}

/** "2 days 03:14:09", "03:14:09", "14:09" (under an hour): the clock shown on the page. */
export function countdownClockIn(t: Translate, left: Countdown): string {
  const two = (value: number) => String(value).padStart(2, "0");
  const clock =
    left.days > 0 || left.hours > 0
      ? `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`
      : `${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? t("room.countdown.withDays", { days: left.days, clock }) : clock;
}

/** "2 days, 3 hours and 14 minutes": the same for screen readers, to the minute (rounded up). */
export function countdownWordsIn(t: Translate, left: Countdown): string {
  const minutes = left.minutes + (left.seconds > 0 ? 1 : 0);
  const carry = minutes === 60;
  const hours = left.hours + (carry ? 1 : 0);
  const parts: string[] = [];
  if (left.days > 0) parts.push(t("room.countdown.days", { count: left.days }));
  if (hours > 0) parts.push(t("room.countdown.hours", { count: hours }));
  if (!carry && minutes > 0) parts.push(t("room.countdown.minutes", { count: minutes }));
  const last = parts.pop();
  if (last === undefined) return t("room.countdown.underMinute");
  return parts.length === 0 ? last : t("room.countdown.and", { list: parts.join(", "), last });
}

/** A patient's age as people say it: "7 years", "5 months", "under 1 month" (a baby is booked in months). */
export function ageIn(t: Translate, years: number, months?: number | null): string {
  if (years === 0 && months !== undefined && months !== null) {
    return months === 0 ? t("room.age.underOneMonth") : t("room.age.months", { count: months });
  }
  return t("room.age.years", { count: years });
}
