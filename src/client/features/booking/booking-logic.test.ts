import type { CreatedAppointment } from "@shared/booking";
import { describe, expect, it } from "vitest";
import {
  type BookingData,
  canReuseAppointment,
  dateRangeError,
  emptyBookingData,
  formatAppointmentDate,
  heldSlotOf,
  isAppointmentsQueryKey,
  availabilityKey,
  isHttpStatus,
  normalizeCouponCode,
  parseAgeInput,
  slotOptions,
  toCreateAppointmentInput,
} from "./booking-logic";

const zone = "Asia/Kolkata";
// 2026-11-21 10:00 in Kolkata.
const morning = new Date("2026-11-21T04:30:00Z");

const chosen: BookingData = {
  ...emptyBookingData,
  patientName: "Asha Rao",
  patientEmail: "parent@example.com",
  patientPhone: "+91 98765 43210",
  patientAge: 7,
  reasonForConsultation: "Heart murmur",
  appointmentDate: "2026-11-22",
  appointmentTime: "19:00",
};

function appointment(overrides: Partial<CreatedAppointment> = {}): CreatedAppointment {
  return {
    id: "3f2a9c1e-0000-4000-8000-000000000000",
    bookingId: "3f2a9c1e",
    patientName: "Asha Rao",
    appointmentDate: "2026-11-22",
    appointmentTime: "19:00",
    status: "pending_payment",
    paymentStatus: "pending",
    amount: 2000,
    originalFee: 2000,
    couponApplied: false,
    holdExpiresAt: "2026-11-21T04:45:00Z",
    ...overrides,
  };
}

describe("slot options", () => {
  it("labels the six slots with the clinic's zone and marks booked and unavailable ones", () => {
    const options = slotOptions({
      date: "2026-11-22",
      availability: { date: "2026-11-22", bookedSlots: ["19:20"], unavailableSlots: ["20:40"] },
      now: morning,
      timeZone: zone,
      timeZoneLabel: "IST",
      minNoticeMinutes: 30,
    });
    expect(options.map((option) => option.label)).toEqual([
      "7:00 PM IST",
      "7:20 PM IST",
      "7:40 PM IST",
      "8:00 PM IST",
      "8:20 PM IST",
      "8:40 PM IST",
    ]);
    expect(options.map((option) => option.status)).toEqual([
      "available",
      "booked",
      "available",
      "available",
      "available",
      "unavailable",
    ]);
  });

  it("greys out slots that became too soon while the dialog stayed open", () => {
    // 19:45 in Kolkata on the day itself: 19:00, 19:20, 19:40 have started, 20:00 starts within 30 minutes.
    const evening = new Date("2026-11-22T14:15:00Z");
    const options = slotOptions({
      date: "2026-11-22",
      availability: { date: "2026-11-22", bookedSlots: [], unavailableSlots: [] },
      now: evening,
      timeZone: zone,
      timeZoneLabel: "IST",
      minNoticeMinutes: 30,
    });
    expect(options.map((option) => option.status)).toEqual([
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
      "available",
      "available",
    ]);
  });

  it("shows the visitor's own hold as theirs, not as booked", () => {
    const options = slotOptions({
      date: "2026-11-22",
      availability: { date: "2026-11-22", bookedSlots: ["19:00"], unavailableSlots: [] },
      now: morning,
      timeZone: zone,
      timeZoneLabel: "IST",
      minNoticeMinutes: 30,
      heldSlot: { date: "2026-11-22", time: "19:00" },
    });
    expect(options[0]?.status).toBe("held");
  });
});

describe("booking data", () => {
  it("counts an empty age field as 0 and reads numbers", () => {
    expect(parseAgeInput("")).toBe(0);
    expect(parseAgeInput("  ")).toBe(0);
    expect(parseAgeInput(undefined)).toBe(0);
    expect(parseAgeInput("7")).toBe(7);
    expect(parseAgeInput(12)).toBe(12);
  });

  it("sends coupon fields only while a coupon is applied", () => {
    expect(toCreateAppointmentInput(chosen)).not.toHaveProperty("couponCode");
    expect(toCreateAppointmentInput(chosen)).not.toHaveProperty("discountedAmount");
    expect(
      toCreateAppointmentInput({ ...chosen, couponCode: "HEART50", discountedAmount: 1000 }),
    ).toMatchObject({
      couponCode: "HEART50",
      discountedAmount: 1000,
      appointmentDate: "2026-11-22",
      appointmentTime: "19:00",
    });
  });

  it("compares coupon codes trimmed and upper-cased", () => {
    expect(normalizeCouponCode("  heart50 ")).toBe("HEART50");
    expect(normalizeCouponCode("   ")).toBe("");
  });
});

describe("dates", () => {
  it("writes a calendar date in full", () => {
    expect(formatAppointmentDate("2026-11-22")).toBe("Sunday, 22 November 2026");
  });

  it("rejects a typed date outside the bookable range", () => {
    expect(dateRangeError("2026-11-22", "2026-11-21", "2027-01-20")).toBeUndefined();
    expect(dateRangeError("", "2026-11-21", "2027-01-20")).toBeUndefined();
    expect(dateRangeError("2026-11-20", "2026-11-21", "2027-01-20")).toBe(
      "Please choose a date between Saturday, 21 November 2026 and Wednesday, 20 January 2027",
    );
    expect(dateRangeError("2027-01-21", "2026-11-21", "2027-01-20")).toBeDefined();
  });
});

describe("reusing an appointment after going back from payment", () => {
  it("reuses it for the same date, time and coupon while the hold lasts", () => {
    expect(canReuseAppointment(appointment(), chosen, morning)).toBe(true);
  });

  it("makes a new one when anything changed or the hold lapsed", () => {
    expect(canReuseAppointment(undefined, chosen, morning)).toBe(false);
    expect(canReuseAppointment(appointment(), { ...chosen, appointmentTime: "19:20" }, morning)).toBe(false);
    expect(canReuseAppointment(appointment(), { ...chosen, appointmentDate: "2026-11-23" }, morning)).toBe(
      false,
    );
    expect(canReuseAppointment(appointment(), { ...chosen, couponCode: "HEART50" }, morning)).toBe(false);
    expect(canReuseAppointment(appointment(), chosen, new Date("2026-11-21T05:00:00Z"))).toBe(false);
  });

  it("knows the held slot only while the hold lasts", () => {
    expect(heldSlotOf(appointment(), morning)).toEqual({ date: "2026-11-22", time: "19:00" });
    expect(heldSlotOf(appointment(), new Date("2026-11-21T05:00:00Z"))).toBeUndefined();
  });
});

describe("transport helpers", () => {
  it("reads the status of the transport's errors", () => {
    expect(isHttpStatus(new Error('409: {"message":"This slot was just booked"}'), 409)).toBe(true);
    expect(isHttpStatus(new Error("400: bad"), 409)).toBe(false);
    expect(isHttpStatus("409: text", 409)).toBe(false);
  });

  it("recognises availability query keys", () => {
    expect(availabilityKey("2026-11-22")).toEqual(["/api/appointments?date=2026-11-22"]);
    expect(isAppointmentsQueryKey(availabilityKey("2026-11-22"))).toBe(true);
    expect(isAppointmentsQueryKey(["/api/appointments"])).toBe(true);
    expect(isAppointmentsQueryKey(["/api/config"])).toBe(false);
  });
});
