import type { CreatedAppointment } from "@shared/booking";
import { describe, expect, it } from "vitest";
import {
  type BookingData,
  bookingHasEntries,
  appointmentKey,
  canReuseAppointment,
  dateRangeError,
  emptyBookingData,
  hasDetailsEntries,
  heldSlotOf,
  localSlotLabel,
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
    patientPhone: "+919876543210",
    patientEmail: "parent@example.com",
    appointmentDate: "2026-11-22",
    appointmentTime: "19:00",
    status: "pending_payment",
    paymentStatus: "pending",
    amount: 2000,
    originalFee: 2000,
    couponApplied: false,
    holdExpiresAt: "2026-11-21T04:45:00Z",
    consultationType: "consultation",
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

describe("slots from the doctor's schedule", () => {
  it("shows the date's own times and lengths, as the schedule answered them", () => {
    const options = slotOptions({
      date: "2026-11-27",
      availability: {
        date: "2026-11-27",
        freeSlots: 1,
        slots: [
          { time: "10:00", durationMinutes: 30, status: "booked" },
          { time: "10:30", durationMinutes: 30, status: "available" },
        ],
      },
      now: morning,
      timeZone: zone,
      timeZoneLabel: "IST",
      minNoticeMinutes: 30,
    });
    expect(options).toEqual([
      { time: "10:00", label: "10:00 AM IST", status: "booked" },
      { time: "10:30", label: "10:30 AM IST", status: "available" },
    ]);
  });

  it("puts the visitor's own time beside the clinic's when it differs", () => {
    expect(localSlotLabel("2026-11-22", "19:00", zone, "Europe/London")).toBe("1:30 PM your time");
    expect(localSlotLabel("2026-11-22", "19:00", zone, "America/Los_Angeles")).toBe("5:30 AM your time");
    expect(localSlotLabel("2026-11-22", "08:00", zone, "America/Los_Angeles")).toBe("Sat 6:30 PM your time");
    expect(localSlotLabel("2026-11-22", "19:00", zone, "Asia/Kolkata")).toBeUndefined();
    expect(localSlotLabel("2026-11-22", "19:00", zone, "Asia/Calcutta")).toBeUndefined();
    const options = slotOptions({
      date: "2026-11-22",
      availability: undefined,
      now: morning,
      timeZone: zone,
      timeZoneLabel: "IST",
      visitorTimeZone: "Europe/London",
      minNoticeMinutes: 30,
    });
    expect(options[0]).toMatchObject({ label: "7:00 PM IST", localLabel: "1:30 PM your time" });
  });
});

describe("booking data", () => {
  it("takes an empty age field as no answer, and reads numbers (0 is an answer)", () => {
    expect(parseAgeInput("")).toBeUndefined();
    expect(parseAgeInput("  ")).toBeUndefined();
    expect(parseAgeInput(undefined)).toBeUndefined();
    expect(parseAgeInput("0")).toBe(0);
    expect(parseAgeInput("7")).toBe(7);
    expect(parseAgeInput(12)).toBe(12);
  });

  it("sends a baby's months with an age of 0, and only then", () => {
    expect(parseAgeInput("5")).toBe(5);
    expect(toCreateAppointmentInput({ ...chosen, patientAge: 0, patientAgeMonths: 5 })).toMatchObject({
      patientAge: 0,
      patientAgeMonths: 5,
    });
    expect(toCreateAppointmentInput({ ...chosen, patientAge: 3, patientAgeMonths: 5 })).not.toHaveProperty(
      "patientAgeMonths",
    );
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
});

describe("dates", () => {
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
  const made = appointmentKey(chosen);
  it("reuses it for exactly what it was made from while the hold lasts", () => {
    expect(canReuseAppointment(appointment(), made, chosen, morning)).toBe(true);
    // The coupon's price is the server's: what the browser last heard of it does not count.
    expect(
      canReuseAppointment(
        appointment(),
        appointmentKey({ ...chosen, couponCode: "HEART10", discountedAmount: 1500 }),
        { ...chosen, couponCode: "HEART10", discountedAmount: 1400 },
        morning,
      ),
    ).toBe(true);
  });

  it("makes a new one when anything changed, the hold lapsed, or what it was made from is not known", () => {
    expect(canReuseAppointment(undefined, made, chosen, morning)).toBe(false);
    for (const change of [
      { appointmentTime: "19:20" },
      { appointmentDate: "2026-11-23" },
      { couponCode: "HEART50" },
      { patientPhone: "+91 98765 43211" },
      { patientEmail: "parent@example.org" },
      { patientName: "Asha R." },
      { reasonForConsultation: "Heart murmur and tiredness" },
    ]) {
      expect(
        canReuseAppointment(appointment(), made, { ...chosen, ...change }, morning),
        JSON.stringify(change),
      ).toBe(false);
    }
    expect(canReuseAppointment(appointment(), made, chosen, new Date("2026-11-21T05:00:00Z"))).toBe(false);
    expect(canReuseAppointment(appointment(), undefined, chosen, morning)).toBe(false);
  });

  it("knows the held slot only while the hold lasts", () => {
    expect(heldSlotOf(appointment(), morning)).toEqual({ date: "2026-11-22", time: "19:00" });
    expect(heldSlotOf(appointment(), new Date("2026-11-21T05:00:00Z"))).toBeUndefined();
  });
});

describe("closing the dialog asks first once something is entered", () => {
  const blankForm = {
    patientName: "",
    patientPhone: "",
    patientEmail: "",
    patientAge: undefined,
    reasonForConsultation: "",
    guardianName: "",
    guardianRelationship: undefined,
    teleconsultationConsent: false,
    privacyAcknowledged: false,
  };

  it("counts what is typed or chosen on step 1, not blank text", () => {
    expect(hasDetailsEntries(blankForm, false)).toBe(false);
    expect(hasDetailsEntries({ ...blankForm, patientName: "   " }, false)).toBe(false);
    expect(hasDetailsEntries({ ...blankForm, patientName: "Ira" }, false)).toBe(true);
    expect(hasDetailsEntries({ ...blankForm, reasonForConsultation: "Murmur" }, false)).toBe(true);
    expect(hasDetailsEntries({ ...blankForm, patientAge: 0 }, false)).toBe(true);
    expect(hasDetailsEntries({ ...blankForm, patientAgeMonths: 4 }, false)).toBe(true);
    expect(hasDetailsEntries(blankForm, true)).toBe(true);
    expect(hasDetailsEntries({ ...blankForm, guardianRelationship: "Mother" }, false)).toBe(true);
    expect(hasDetailsEntries({ ...blankForm, privacyAcknowledged: true }, false)).toBe(true);
  });

  it("asks from the time step on, for a booking resumed from storage too, and not once it is confirmed", () => {
    expect(bookingHasEntries(1, emptyBookingData, false)).toBe(false);
    expect(bookingHasEntries(1, emptyBookingData, true)).toBe(true);
    // Back from the time step: the details are the booking's data.
    expect(bookingHasEntries(1, chosen, false)).toBe(true);
    expect(bookingHasEntries(1, { ...emptyBookingData, patientAgeMonths: 3 }, false)).toBe(true);
    expect(bookingHasEntries(2, chosen, false)).toBe(true);
    expect(bookingHasEntries(3, chosen, false)).toBe(true);
    expect(bookingHasEntries(4, chosen, false)).toBe(false);
  });
});
