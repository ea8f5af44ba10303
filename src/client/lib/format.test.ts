import { describe, expect, it } from "vitest";
import { formatLongDate, formatLongDateWithWeekday, formatShortDate } from "./format";

describe("dates as the pages show them", () => {
  it("writes a calendar date the way the en-IN locale does", () => {
    for (const date of ["2026-01-05", "2026-06-30", "2026-09-01", "2026-12-31"]) {
      const noon = new Date(`${date}T12:00:00Z`);
      const inLocale = (month: "long" | "short") =>
        new Intl.DateTimeFormat("en-IN", { day: "numeric", month, year: "numeric", timeZone: "UTC" }).format(
          noon,
        );
      expect(formatLongDate(date)).toBe(inLocale("long"));
      expect(formatShortDate(date)).toBe(inLocale("short"));
    }
  });

  it("shows the date it is given, whatever the browser's zone", () => {
    expect(formatLongDate("2026-03-15")).toBe("15 March 2026");
    expect(formatShortDate("2026-09-07")).toBe("7 Sept 2026");
  });

  it.each([
    ["2026-11-22", "Sunday, 22 November 2026"],
    ["2026-11-21", "Saturday, 21 November 2026"],
    ["2027-01-20", "Wednesday, 20 January 2027"],
    ["2026-09-07", "Monday, 7 September 2026"],
  ])("writes the weekday before the long date: %s is %j", (date, text) => {
    expect(formatLongDateWithWeekday(date)).toBe(text);
  });

  it("leaves anything that is not a calendar date as it is", () => {
    expect(formatShortDate("tomorrow")).toBe("tomorrow");
    expect(formatLongDate("")).toBe("");
    expect(formatLongDateWithWeekday("2026-13-01")).toBe("2026-13-01");
  });
});
