import type { DayClosedReason, MonthAvailability } from "@shared/schedule";
import type { CalendarDayFacts } from "@/components/ui/calendar";
import type { Translate } from "@/lib/i18n";

/**
 * What the month calendar says of each date, from GET /api/availability?month=: the booking step and the reschedule
 * dialog show the same facts.
 */
/** What the calendar says of a date without free times, to the ear and (briefly) to the eye. */
const closedDay = (t: Translate): Record<DayClosedReason, { description: string; badge?: string }> => ({
  past: { description: t("calendar.past") },
  beyond_horizon: { description: t("calendar.beyond") },
  leave: { description: t("calendar.leave"), badge: t("calendar.leaveBadge") },
  day_off: { description: t("calendar.dayOff") },
  fully_booked: { description: t("calendar.full"), badge: t("calendar.fullBadge") },
});

export function calendarFacts(
  month: MonthAvailability | undefined,
  date: string,
  t: Translate,
): CalendarDayFacts {
  const day = month?.days.find((entry) => entry.date === date);
  if (!day) return { disabled: true, description: t("calendar.notBookable") };
  if (day.freeSlots > 0) {
    return {
      disabled: false,
      description: t("calendar.timesFree", { count: day.freeSlots }),
      badge: t("calendar.freeBadge", { count: day.freeSlots }),
    };
  }
  const closed = closedDay(t)[day.reason ?? "fully_booked"];
  return { disabled: true, ...closed };
}
