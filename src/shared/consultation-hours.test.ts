import { describe, expect, it } from "vitest";
import { availableSlotsText, consultationHours, hoursLines, NO_WEEKLY_HOURS } from "./consultation-hours";
import { DEFAULT_SESSION, DEFAULT_WEEKLY_TEMPLATE, type WeeklyTemplate } from "./schedule";

const evening = DEFAULT_SESSION;
const morning = { start: "10:00", end: "13:00", slotMinutes: 20, gapMinutes: 0 };
const week = (changes: Partial<WeeklyTemplate>): WeeklyTemplate => ({
  ...DEFAULT_WEEKLY_TEMPLATE,
  ...changes,
});

describe("the consultation hours the public pages state", () => {
  it("keeps the spec's words while the weekly hours are the default", () => {
    const groups = consultationHours(DEFAULT_WEEKLY_TEMPLATE);
    expect(hoursLines(groups)).toEqual(["Daily, 7:00 PM - 9:00 PM"]);
    expect(availableSlotsText(groups)).toBe("Available slots: 7:00 PM - 9:00 PM (Daily)");
    expect(groups[0]?.sessions).toEqual([{ opens: "19:00", closes: "21:00" }]);
    expect(groups[0]?.weekdays).toHaveLength(7);
  });

  it("states Sunday off and a Saturday morning session as the doctor set them", () => {
    const groups = consultationHours(week({ saturday: [morning], sunday: [] }));
    expect(hoursLines(groups)).toEqual([
      "Monday to Friday, 7:00 PM - 9:00 PM",
      "Saturday, 10:00 AM - 1:00 PM",
    ]);
    expect(availableSlotsText(groups)).toBe(
      "Available slots: 7:00 PM - 9:00 PM (Monday to Friday); 10:00 AM - 1:00 PM (Saturday)",
    );
    expect(groups.map((group) => group.weekdays)).toEqual([
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      ["Saturday"],
    ]);
  });

  it("names days that are not a run one by one, and a day with two sessions once", () => {
    const groups = consultationHours({
      monday: [evening],
      tuesday: [],
      wednesday: [evening],
      thursday: [],
      friday: [morning, evening],
      saturday: [],
      sunday: [evening],
    });
    expect(hoursLines(groups)).toEqual([
      "Monday, Wednesday and Sunday, 7:00 PM - 9:00 PM",
      "Friday, 10:00 AM - 1:00 PM and 7:00 PM - 9:00 PM",
    ]);
  });

  it("says so when no weekday has hours", () => {
    const none = consultationHours(
      week({ monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] }),
    );
    expect(hoursLines(none)).toEqual([NO_WEEKLY_HOURS]);
    expect(availableSlotsText(none)).toBe(`Available slots: ${NO_WEEKLY_HOURS}`);
  });
});
