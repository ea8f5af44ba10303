import { z } from "zod";
import { isValidIsoDate } from "./clinic-time";
import { isSlotTime } from "./slots";

/**
 * The booking form (spec sections 3 and 5). The same schemas validate the dialog's steps in the browser and
 * POST /api/appointments on the server, with the same messages.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^[0-9+\-\s()]{10,}$/;

export const patientDetailsSchema = z.object({
  patientName: z
    .string()
    .trim()
    .min(1, "Patient name is required")
    .max(100, "Please keep the name under 100 characters"),
  patientEmail: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(254, "Please enter a valid email address")
    .regex(EMAIL_PATTERN, "Please enter a valid email address"),
  patientPhone: z
    .string()
    .trim()
    .min(1, "Phone number is required")
    .max(30, "Please enter a valid phone number")
    .regex(PHONE_PATTERN, "Please enter a valid phone number"),
  patientAge: z
    .number({ message: "Please enter a valid age" })
    .int("Please enter a valid age")
    .min(1, "Please enter a valid age")
    .max(120, "Please enter a valid age"),
  reasonForConsultation: z
    .string()
    .trim()
    .min(1, "Please provide reason for consultation")
    .max(2000, "Please keep the reason under 2000 characters"),
});

export const slotChoiceSchema = z.object({
  appointmentDate: z
    .string()
    .min(1, "Please select an appointment date")
    .refine(isValidIsoDate, "Please select an appointment date"),
  appointmentTime: z
    .string()
    .min(1, "Please select a time slot")
    .refine(isSlotTime, "Please select one of the available time slots"),
});

export const createAppointmentSchema = patientDetailsSchema.extend({
  ...slotChoiceSchema.shape,
  couponCode: z.string().trim().max(50).optional(),
  /** Sent by the spec's client when a coupon is applied; the server ignores it and computes the price itself. */
  discountedAmount: z.number().optional(),
});

export type PatientDetails = z.infer<typeof patientDetailsSchema>;
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;

/** GET /api/config */
export interface PublicConfig {
  consultationFee: number;
  currency: "INR";
  couponAvailable: boolean;
  paymentProvider: "cashfree" | "simulator";
  /** Cashfree's SDK mode; the simulator reports "sandbox". */
  paymentMode: "sandbox" | "production";
  clinicTimeZone: string;
  /** Short zone name for labels: "IST". */
  timeZoneLabel: string;
  holdMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
}

/** POST /api/coupons/validate */
export const couponValidateSchema = z.object({ code: z.string().max(50) });
export interface CouponValidation {
  valid: boolean;
  /** What the visitor pays: the coupon fee when valid, the consultation fee otherwise. */
  fee: number;
  /** Consultation fee minus the coupon fee when valid, else 0. */
  discount: number;
}

/** GET /api/appointments?date=YYYY-MM-DD */
export interface Availability {
  date: string;
  /** Slots held by a confirmed or completed appointment or an unexpired payment hold. */
  bookedSlots: string[];
  /** Slots that have started or start within the minimum notice, or the whole day when outside the bookable range. */
  unavailableSlots: string[];
}

export type AppointmentStatus =
  "pending_payment" | "confirmed" | "completed" | "expired" | "cancelled" | "no_show";
export type PaymentStatus = "pending" | "paid" | "failed" | "refund_pending" | "refunded";

/** POST /api/appointments answers { appointment: CreatedAppointment } with status 201. */
export interface CreatedAppointment {
  id: string;
  bookingId: string;
  patientName: string;
  appointmentDate: string;
  appointmentTime: string;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  /** What the patient pays, in rupees. */
  amount: number;
  /** The consultation fee before any coupon. */
  originalFee: number;
  couponApplied: boolean;
  holdExpiresAt: string;
}

/** POST /api/create-order */
export const createOrderSchema = z.object({ appointmentId: z.string().uuid("Unknown appointment") });
export interface CreatedOrder {
  orderId: string;
  paymentSessionId: string;
  provider: "cashfree" | "simulator";
  mode: "sandbox" | "production";
  amount: number;
  /** The simulator's checkout page; absent for Cashfree, whose SDK opens its own. */
  checkoutUrl?: string;
}

/** GET /api/verify-payment/{orderId} */
export interface PaymentVerification {
  /** "PAID", or the gateway's other state: "ACTIVE", "FAILED", "USER_DROPPED", "EXPIRED"... */
  status: string;
  orderId: string;
  amount: number;
  bookingId?: string;
  appointmentDate?: string;
  appointmentTime?: string;
}

export function bookingIdOf(appointmentId: string): string {
  return appointmentId.slice(0, 8);
}

/** Rupees with Indian digit grouping: 200000 -> "2,00,000". */
export function formatRupees(amount: number): string {
  return new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(amount);
}
