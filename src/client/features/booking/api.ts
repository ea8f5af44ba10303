import type {
  CouponValidation,
  CreateAppointmentInput,
  CreatedAppointment,
  CreatedOrder,
} from "@shared/booking";
import type { FollowUpOffer } from "@shared/follow-up";
import { apiJson } from "@/lib/api";

/** The writes of the booking; its reads (the clinic's settings, the free slots) are in lib/, shared with others. */

export async function createAppointment(input: CreateAppointmentInput): Promise<CreatedAppointment> {
  return (await apiJson<{ appointment: CreatedAppointment }>("POST", "/api/appointments", input)).appointment;
}

export function createOrder(appointmentId: string): Promise<CreatedOrder> {
  return apiJson<CreatedOrder>("POST", "/api/create-order", { appointmentId });
}

export function validateCoupon(code: string): Promise<CouponValidation> {
  return apiJson<CouponValidation>("POST", "/api/coupons/validate", { code });
}

export function followUpOffer(key: string): Promise<FollowUpOffer> {
  return apiJson<FollowUpOffer>("GET", `/api/follow-ups/${encodeURIComponent(key)}`);
}
