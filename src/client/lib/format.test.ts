import { describe, expect, it } from "vitest";
import { formatLongDate, formatShortDate } from "./format";

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
});
