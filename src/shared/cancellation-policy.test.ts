import { describe, expect, it } from "vitest";
import { slotStart } from "./clinic-time";
import { decide, DEFAULT_POLICY, policyBand, policyRows, refundFor } from "./cancellation-policy";

const IST = "Asia/Kolkata";
// Wednesday 25 November 2026, 7:00 PM in the clinic's zone (13:30 UTC).
const startsAt = slotStart("2026-11-25", "19:00", IST);
/** An instant written as the clinic's wall clock. */
const ist = (date: string, time: string) => slotStart(date, time, IST);
const booking = (reschedules = 0, status = "confirmed") => ({
  status,
  startsAt,
  amountPaid: 2000,
  reschedules,
});

describe("the cancellation policy's bands, to the minute in the clinic's zone", () => {
  it("starts at 13:30 UTC for 7:00 PM IST", () => {
    expect(startsAt.toISOString()).toBe("2026-11-25T13:30:00.000Z");
  });

  it.each([
    ["2026-11-24", "18:59", "full", 100, 2000], // 24 h 1 min before
    ["2026-11-24", "19:00", "partial", 50, 1000], // exactly 24 h before: the 12-24 h band
    ["2026-11-25", "06:59", "partial", 50, 1000], // 12 h 1 min before
    ["2026-11-25", "07:00", "partial", 50, 1000], // exactly 12 h before: still 50 %
    ["2026-11-25", "07:01", "late", 0, 0], // 11 h 59 min before
    ["2026-11-25", "18:59", "late", 0, 0], // one minute before
  ] as const)("cancelling at %s %s IST: %s band, %i %% = ₹%i", (date, time, band, percent, amount) => {
    const now = ist(date, time);
    expect(policyBand(startsAt, now)).toBe(band);
    const decision = decide(booking(), now);
    expect(decision.cancel).toEqual({ allowed: true, refundPercent: percent, refundAmount: amount });
  });

  it("counts seconds: 24 h and one second before is more than 24 hours", () => {
    expect(policyBand(startsAt, new Date(startsAt.getTime() - 24 * 3_600_000 - 1000))).toBe("full");
  });

  it("refuses everything once the consultation has started (no-show: nothing)", () => {
    const decision = decide(booking(), ist("2026-11-25", "19:00"));
    expect(decision.band).toBe("started");
    expect(decision.cancel).toMatchObject({ allowed: false, refundAmount: 0, reason: "started" });
    expect(decision.reschedule).toMatchObject({ allowed: false, reason: "started" });
  });

  it("refuses a booking that is not confirmed", () => {
    for (const status of ["cancelled", "completed", "no_show", "pending_payment"]) {
      const decision = decide(booking(0, status), ist("2026-11-20", "10:00"));
      expect(decision.cancel.allowed).toBe(false);
      expect(decision.reschedule).toMatchObject({ allowed: false, reason: "not_active" });
    }
  });

  it("rounds a half rupee down", () => {
    expect(refundFor("partial", 1999)).toEqual({ percent: 50, amount: 999 });
    expect(refundFor("full", 1999)).toEqual({ percent: 100, amount: 1999 });
  });
});

describe("rescheduling", () => {
  it("allows two reschedules more than 24 hours before, then refuses", () => {
    const now = ist("2026-11-23", "12:00");
    expect(decide(booking(0), now).reschedule).toEqual({ allowed: true, remaining: 2 });
    expect(decide(booking(1), now).reschedule).toEqual({ allowed: true, remaining: 1 });
    expect(decide(booking(2), now).reschedule).toMatchObject({
      allowed: false,
      remaining: 0,
      reason: "reschedule_limit",
    });
  });

  it("between 12 and 24 hours allows one only when none was made", () => {
    const exactly24 = ist("2026-11-24", "19:00");
    expect(decide(booking(0), exactly24).reschedule).toEqual({ allowed: true, remaining: 2 });
    expect(decide(booking(1), exactly24).reschedule).toMatchObject({
      allowed: false,
      reason: "one_reschedule_inside_24h",
    });
    const before24 = ist("2026-11-24", "18:59");
    expect(decide(booking(1), before24).reschedule).toEqual({ allowed: true, remaining: 1 });
  });

  it("is allowed at exactly 12 hours and refused a minute later", () => {
    expect(decide(booking(0), ist("2026-11-25", "07:00")).reschedule.allowed).toBe(true);
    expect(decide(booking(0), ist("2026-11-25", "07:01")).reschedule).toMatchObject({
      allowed: false,
      reason: "too_late",
    });
  });
});

describe("the Refunds page's rows", () => {
  it("come from the policy's numbers", () => {
    expect(policyRows(DEFAULT_POLICY).map((row) => row.outcome)).toEqual([
      "Full refund, or reschedule free of charge",
      "50% refund, or one free reschedule",
      "No refund",
    ]);
    expect(policyRows({ ...DEFAULT_POLICY, partialRefundPercent: 40 })[1]?.outcome).toContain("40%");
  });
});
