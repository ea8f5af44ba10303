import { clinicDate } from "@shared/clinic-time";
import type { VideoRoomWindow } from "@shared/video";
import { formatLongDateWithWeekday } from "./format";

/**
 * Pure helpers of the video page before and after its window: how the times and the countdown are written. Times
 * are the clinic's ("6:00 PM IST"), whatever zone the browser is in. No DOM, no React, so the tests run in Node.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-IN", { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** "Sunday, 22 November 2026": the date of an instant in the clinic's zone. */
function clinicDateText(iso: string, timeZone: string): string {
  return formatLongDateWithWeekday(clinicDate(new Date(iso), timeZone));
}

/** "6:00 PM IST": the time of an instant in the clinic's zone, with the zone's short name. */
function clinicTimeText(iso: string, timeZone: string, zoneLabel: string): string {
  const time = formatIn(timeZone, { hour: "numeric", minute: "2-digit" })
    .format(new Date(iso))
    .replace(/\b(am|pm)\b/i, (period) => period.toUpperCase());
  return `${time} ${zoneLabel}`;
}

/** The consultation's date and time: "Sunday, 22 November 2026 at 7:00 PM IST". */
export function consultationWhen(window: VideoRoomWindow): string {
  return `${clinicDateText(window.startsAt, window.timeZone)} at ${clinicTimeText(window.startsAt, window.timeZone, window.timeZoneLabel)}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** How long before the start the room opens, as people say it: "1 hour", "30 minutes", "1 hour 30 minutes". */
export function leadTimeText(window: Pick<VideoRoomWindow, "opensAt" | "startsAt">): string {
  const minutes = Math.max(
    0,
    Math.round((Date.parse(window.startsAt) - Date.parse(window.opensAt)) / 60_000),
  );
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 && plural(days, "day"),
    hours > 0 && plural(hours, "hour"),
    rest > 0 && plural(rest, "minute"),
  ];
  return parts.filter(Boolean).join(" ") || "0 minutes";
}

/**
 * When the room opens, for the sentence "The room opens at ...": the time alone when it opens on the consultation's
 * own date, else the date too ("Saturday, 21 November 2026, 7:00 PM IST").
 */
export function opensAtText(
  window: Pick<VideoRoomWindow, "opensAt" | "startsAt" | "timeZone" | "timeZoneLabel">,
): string {
  const time = clinicTimeText(window.opensAt, window.timeZone, window.timeZoneLabel);
  const sameDay =
    clinicDateText(window.opensAt, window.timeZone) === clinicDateText(window.startsAt, window.timeZone);
  return sameDay ? time : `${clinicDateText(window.opensAt, window.timeZone)}, ${time}`;
}

interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The time left until `target`, in whole seconds rounded up (never below zero). */
export function countdown(target: string, now: number): Countdown {
  const total = Math.max(0, Math.ceil((Date.parse(target) - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (value: number) => String(value).padStart(2, "0");

/** "2 days 03:14:09", "03:14:09", "14:09" (under an hour): the clock shown on the page. */
export function countdownClock(left: Countdown): string {
  const clock =
    left.days > 0 || left.hours > 0
      ? `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`
      : `${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? `${plural(left.days, "day")} ${clock}` : clock;
}

/** "2 days, 3 hours and 14 minutes": the same for screen readers, to the minute (rounded up), read when asked. */
export function countdownWords(left: Countdown): string {
  const minutes = left.minutes + (left.seconds > 0 ? 1 : 0);
  const carry = minutes === 60;
  const parts = [
    left.days > 0 && plural(left.days, "day"),
    (left.hours > 0 || carry) && plural(left.hours + (carry ? 1 : 0), "hour"),
    !carry && minutes > 0 && plural(minutes, "minute"),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return "less than a minute";
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** The download of the room's calendar invite: the patient's, or the doctor's with the host key. */
export function inviteUrl(roomId: string, hostKey: string | undefined): string {
  const path = `/api/video-room/${encodeURIComponent(roomId)}/invite.ics`;
  return hostKey ? `${path}?key=${encodeURIComponent(hostKey)}` : path;
}
