import type { Session, WeeklyTemplate } from "./schedule";
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from "./weekdays";
import { slotLabel } from "./slots";

/**
 * The consultation hours as the public pages state them, derived from the doctor's weekly hours so that they change
 * when she changes them. Weekdays with the same sessions are stated together; with the default template (every day,
 * 7 to 9 PM) the words are the spec's: "Daily, 7:00 PM - 9:00 PM" and "7:00 PM - 9:00 PM (Daily)".
 */
export interface ConsultationHoursGroup {
  /** "Daily", "Monday to Friday", "Saturday", "Monday, Wednesday and Friday". */
  days: string;
  /** "7:00 PM - 9:00 PM", or sessions joined: "10:00 AM - 1:00 PM and 7:00 PM - 9:00 PM". */
  times: string;
  /** For schema.org's OpeningHoursSpecification: the days' English names and each session's start and end. */
  weekdays: string[];
  sessions: { opens: string; closes: string }[];
}

function sessionKey(sessions: readonly Session[]): string {
  return sessions.map((session) => `${session.start}-${session.end}`).join(",");
}

/** Weekdays in order, as runs of consecutive days: [mon, tue, wed], [fri]. */
export function consecutiveRuns(days: readonly Weekday[]): Weekday[][] {
  const runs: Weekday[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && WEEKDAYS.indexOf(day) === WEEKDAYS.indexOf(previous) + 1) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

function joinedWithAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

function daysText(days: readonly Weekday[]): string {
  if (days.length === WEEKDAYS.length) return "Daily";
  const runs = consecutiveRuns(days).flatMap((run) => {
    const first = WEEKDAY_NAMES[run[0]!];
    const last = WEEKDAY_NAMES[run.at(-1)!];
    if (run.length >= 3) return [`${first} to ${last}`];
    return run.map((day) => WEEKDAY_NAMES[day]);
  });
  return joinedWithAnd(runs);
}

function sessionText(session: Session): string {
  return `${slotLabel(session.start)} - ${slotLabel(session.end)}`;
}

/** The weekly hours grouped by identical sessions, in the order of the week's first day of each group. */
export function consultationHours(weekly: WeeklyTemplate): ConsultationHoursGroup[] {
  const groups = new Map<string, { days: Weekday[]; sessions: Session[] }>();
  for (const day of WEEKDAYS) {
    const sessions = [...weekly[day]].sort((a, b) => a.start.localeCompare(b.start));
    if (sessions.length === 0) continue;
    const key = sessionKey(sessions);
    const group = groups.get(key);
    if (group) group.days.push(day);
    else groups.set(key, { days: [day], sessions });
  }
  return [...groups.values()].map(({ days, sessions }) => ({
    days: daysText(days),
    times: sessions.map(sessionText).join(" and "),
    weekdays: days.map((day) => WEEKDAY_NAMES[day]),
    sessions: sessions.map((session) => ({ opens: session.start, closes: session.end })),
  }));
}

/** What the pages say when the doctor has no weekly hours at all (leave and single dates aside). */
export const NO_WEEKLY_HOURS = "No regular hours at the moment";

/** "Daily, 7:00 PM - 9:00 PM"; groups on lines of their own. */
export function hoursLines(groups: readonly ConsultationHoursGroup[]): string[] {
  return groups.length === 0 ? [NO_WEEKLY_HOURS] : groups.map((group) => `${group.days}, ${group.times}`);
}

/** The booking dialog's banner: "Available slots: 7:00 PM - 9:00 PM (Daily)" with the default hours. */
export function availableSlotsText(groups: readonly ConsultationHoursGroup[]): string {
  const slots =
    groups.length === 0
      ? NO_WEEKLY_HOURS
      : groups.map((group) => `${group.times} (${group.days})`).join("; ");
  return `Available slots: ${slots}`;
}
