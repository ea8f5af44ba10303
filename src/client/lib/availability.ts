import type { DayAvailability, MonthAvailability } from "@shared/schedule";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "./api";

/** The free slots the booking step, the reschedule dialogs and the schedule editor read, and refresh after a change. */
export const availabilityKeys = {
  all: ["availability"] as const,
  month: (month: string) => ["availability", "month", month] as const,
  day: (date: string) => ["availability", "day", date] as const,
};

/** How many slots are free on each date of a month (the calendar). */
export function monthAvailabilityQuery(month: string) {
  return queryOptions({
    queryKey: availabilityKeys.month(month),
    queryFn: () => apiGet<MonthAvailability>(`/api/availability?month=${encodeURIComponent(month)}`),
  });
}

/** The slots of one date, with their length and whether each can be booked (the slot grid). */
export function dayAvailabilityQuery(date: string) {
  return queryOptions({
    queryKey: availabilityKeys.day(date),
    queryFn: () => apiGet<DayAvailability>(`/api/availability?date=${encodeURIComponent(date)}`),
  });
}
