import { longDate, type ScheduleException, type Session, sessionSlots } from "@shared/schedule";
import { slotLabel } from "@shared/slots";

/**
 * How the schedule editor writes hours, dates and exceptions for the doctor. Plain functions, tested in Node.
 */

/** "19:00".."21:00" -> "7:00 PM to 9:00 PM". */
function sessionRange(session: Session): string {
  const end = session.end === "24:00" ? "midnight" : slotLabel(session.end);
  return `${slotLabel(session.start)} to ${end}`;
}

/** What a day's sessions give parents: "6 consultations of 20 minutes, the first at 7:00 PM, the last at 8:40 PM". */
export function sessionsSummary(sessions: readonly Session[]): string {
  if (sessions.length === 0) return "No consultations";
  const slots = sessions.flatMap(sessionSlots).sort((a, b) => a.time.localeCompare(b.time));
  const first = slots[0];
  const last = slots[slots.length - 1];
  if (!first || !last) return "No consultation fits these hours";
  const lengths = [...new Set(slots.map((slot) => slot.durationMinutes))].sort((a, b) => a - b);
  const length = lengths.length === 1 ? `${lengths[0]} minutes` : `${lengths.join(" or ")} minutes`;
  const count = slots.length === 1 ? "1 consultation" : `${slots.length} consultations`;
  return slots.length === 1
    ? `${count} of ${length}, at ${slotLabel(first.time)}`
    : `${count} of ${length}, the first at ${slotLabel(first.time)}, the last at ${slotLabel(last.time)}`;
}

const shortDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11-24" -> "Tue, 24 Nov 2026". */
function shortDay(date: string): string {
  return shortDate.format(new Date(`${date}T00:00:00Z`));
}

/** One line for the list of leave and overrides. */
export function describeException(exception: ScheduleException): {
  kind: string;
  when: string;
  detail: string;
} {
  switch (exception.kind) {
    case "leave":
      return {
        kind: "Leave",
        when:
          exception.startsOn === exception.endsOn
            ? shortDay(exception.startsOn)
            : `${shortDay(exception.startsOn)} to ${shortDay(exception.endsOn)}`,
        detail: exception.note,
      };
    case "hours":
      return {
        kind: "Own hours",
        when: shortDay(exception.startsOn),
        detail: [
          exception.sessions.length === 0
            ? "No consultations"
            : exception.sessions
                .map((session) => `${sessionRange(session)} (${session.slotMinutes} min)`)
                .join(", "),
          exception.note,
        ]
          .filter(Boolean)
          .join(" · "),
      };
    case "block":
      return {
        kind: "Blocked time",
        when: `${shortDay(exception.startsOn)}, ${slotLabel(exception.time)}`,
        detail: exception.note,
      };
  }
}

/** "Wednesday, 25 November 2026, 7:00 PM IST". */
export function appointmentWhen(date: string, time: string, zone: string): string {
  return `${longDate(date)}, ${slotLabel(time)}${zone ? ` ${zone}` : ""}`;
}
