import type { DayClosedReason, MonthAvailability } from "@shared/schedule";
import type { CalendarDayFacts } from "@/components/ui/calendar";

/**
 * What the month calendar says of each date, from GET /api/availability?month=: the booking step and the reschedule
 * dialog show the same facts.
 */
/** What the calendar says of a date without free times, to the ear and (briefly) to the eye. */
const closedDay: Record<DayClosedReason, { description: string; badge?: string }> = {
  past: { description: "no longer bookable" },
  beyond_horizon: { description: "not open for booking yet" },
  leave: { description: "the doctor is on leave", badge: "Leave" },
  day_off: { description: "no consultations" },
  fully_booked: { description: "fully booked", badge: "Full" },
};

export function calendarFacts(month: MonthAvailability | undefined, date: string): CalendarDayFacts {
  const day = month?.days.find((entry) => entry.date === date);
  if (!day) return { disabled: true, description: "not bookable" };
  if (day.freeSlots > 0) {
    return {
      disabled: false,
      description: `${day.freeSlots} ${day.freeSlots === 1 ? "time" : "times"} free`,
      badge: `${day.freeSlots} free`,
    };
  }
  const closed = closedDay[day.reason ?? "fully_booked"];
  return { disabled: true, ...closed };
}
