import type {
  CouponValidation,
  CreateAppointmentInput,
  CreatedAppointment,
  CreatedOrder,
  PublicConfig,
} from "@shared/booking";
import type { DayAvailability, MonthAvailability } from "@shared/schedule";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api";

/** The clinic's public settings (fee, zone, payment mode) and the free slots of a day. */
export const bookingKeys = {
  config: ["config"] as const,
  availabilityAll: ["availability"] as const,
  month: (month: string) => ["availability", "month", month] as const,
  day: (date: string) => ["availability", "day", date] as const,
};

export function publicConfigQuery() {
  return queryOptions({
    queryKey: bookingKeys.config,
    queryFn: () => apiGet<PublicConfig>("/api/config"),
  });
}

/** How many slots are free on each date of a month (the calendar). */
export function monthAvailabilityQuery(month: string) {
  return queryOptions({
    queryKey: bookingKeys.month(month),
    queryFn: () => apiGet<MonthAvailability>(`/api/availability?month=${encodeURIComponent(month)}`),
  });
}

/** The slots of one date, with their length and whether each can be booked (the slot grid). */
export function dayAvailabilityQuery(date: string) {
  return queryOptions({
    queryKey: bookingKeys.day(date),
    queryFn: () => apiGet<DayAvailability>(`/api/availability?date=${encodeURIComponent(date)}`),
  });
}

export async function createAppointment(input: CreateAppointmentInput): Promise<CreatedAppointment> {
  return (await apiJson<{ appointment: CreatedAppointment }>("POST", "/api/appointments", input)).appointment;
}

export function createOrder(appointmentId: string): Promise<CreatedOrder> {
  return apiJson<CreatedOrder>("POST", "/api/create-order", { appointmentId });
}

export function validateCoupon(code: string): Promise<CouponValidation> {
  return apiJson<CouponValidation>("POST", "/api/coupons/validate", { code });
}
