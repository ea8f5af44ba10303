import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  clinicDate,
  isTooSoon,
  isValidIsoDate,
  latestBookableDate,
  slotStart,
  timeZoneLabel,
} from "./clinic-time";
import { SLOT_TIMES, slotLabel } from "./slots";

const IST = "Asia/Kolkata";

describe("slot catalogue", () => {
  it("has six slots every 20 minutes from 7:00 PM to 8:40 PM", () => {
    expect(SLOT_TIMES.map(slotLabel)).toEqual([
      "7:00 PM",
      "7:20 PM",
      "7:40 PM",
      "8:00 PM",
      "8:20 PM",
      "8:40 PM",
    ]);
  });
});

describe("dates in the clinic's zone", () => {
  it("takes the calendar date in the clinic's zone, not UTC", () => {
    // 20:00 UTC on the 21st is 01:30 on the 22nd in India.
    expect(clinicDate(new Date("2026-11-21T20:00:00Z"), IST)).toBe("2026-11-22");
    expect(clinicDate(new Date("2026-11-21T20:00:00Z"), "UTC")).toBe("2026-11-21");
  });

  it("ends the horizon the configured number of days after today in the clinic's zone", () => {
    expect(latestBookableDate(new Date("2026-11-21T10:00:00Z"), IST, 60)).toBe("2027-01-20");
    expect(latestBookableDate(new Date("2026-12-31T19:00:00Z"), IST, 1)).toBe("2027-01-02");
  });

  it("puts 7:00 PM IST at 13:30 UTC", () => {
    expect(slotStart("2026-11-22", "19:00", IST).toISOString()).toBe("2026-11-22T13:30:00.000Z");
    expect(slotStart("2026-11-22", "20:40", IST).toISOString()).toBe("2026-11-22T15:10:00.000Z");
  });

  it("treats slots starting within the minimum notice as too soon", () => {
    const sevenPm = "2026-11-22T13:30:00Z";
    const at = (iso: string) => isTooSoon("2026-11-22", "19:00", new Date(iso), IST, 30);
    expect(at("2026-11-22T12:59:59Z")).toBe(false); // 30 min and 1 s ahead
    expect(at("2026-11-22T13:00:00Z")).toBe(false); // exactly 30 minutes ahead
    expect(at("2026-11-22T13:00:01Z")).toBe(true);
    expect(at(sevenPm)).toBe(true);
  });

  it("adds days across month and year ends", () => {
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDate("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("accepts real calendar dates only", () => {
    expect(isValidIsoDate("2026-11-22")).toBe(true);
    for (const bad of ["2026-02-30", "2026-13-01", "22-11-2026", "2026-11-22T00:00", ""])
      expect(isValidIsoDate(bad)).toBe(false);
  });

  it("names the zone as people read it", () => {
    expect(timeZoneLabel(IST)).toBe("IST");
  });
});
