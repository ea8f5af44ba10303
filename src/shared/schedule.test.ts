import { describe, expect, it } from "vitest";
import { slotStart } from "./clinic-time";
import {
  addMonths,
  appointmentInterval,
  type BookingRules,
  datesOfMonth,
  dayPlan,
  daySlots,
  DEFAULT_WEEKLY_TEMPLATE,
  existsInZone,
  isValidMonth,
  longDate,
  type ScheduleException,
  type ScheduleFacts,
  sessionSlots,
  weekdayOf,
  weeklyTemplateSchema,
  type WeeklyTemplate,
} from "./schedule";
import { newExceptionSchema, scheduleSettingsSchema } from "./schedule-admin";
import { SLOT_TIMES } from "./slots";

const IST = "Asia/Kolkata";
const LONDON = "Europe/London";
const rules: BookingRules = { timeZone: IST, minNoticeMinutes: 30, horizonDays: 60 };
// 10:00 UTC on Saturday 21 November 2026 is 15:30 in India.
const now = new Date("2026-11-21T10:00:00Z");
const defaults: ScheduleFacts = { weekly: DEFAULT_WEEKLY_TEMPLATE, exceptions: [] };
const times = (date: string, facts: ScheduleFacts, zone = IST) =>
  dayPlan(date, facts, zone).slots.map((slot) => slot.time);

function weekly(changes: Partial<WeeklyTemplate>): WeeklyTemplate {
  return { ...DEFAULT_WEEKLY_TEMPLATE, ...changes };
}

let nextId = 0;
const leave = (startsOn: string, endsOn: string, note = "Conference"): ScheduleException => ({
  id: `leave-${++nextId}`,
  kind: "leave",
  startsOn,
  endsOn,
  note,
});

describe("the weekly template", () => {
  it("by default offers today's six slots, every day, 20 minutes each", () => {
    for (const date of ["2026-11-16", "2026-11-19", "2026-11-22"]) {
      expect(dayPlan(date, defaults, IST).slots).toEqual(
        SLOT_TIMES.map((time) => ({ time, durationMinutes: 20 })),
      );
    }
  });

  it("cuts a session into slots that end by its end, with the gap after each", () => {
    expect(sessionSlots({ start: "09:00", end: "10:00", slotMinutes: 15, gapMinutes: 5 })).toEqual([
      { time: "09:00", durationMinutes: 15 },
      { time: "09:20", durationMinutes: 15 },
      { time: "09:40", durationMinutes: 15 },
    ]);
    expect(sessionSlots({ start: "19:00", end: "20:00", slotMinutes: 30, gapMinutes: 0 })).toHaveLength(2);
    expect(sessionSlots({ start: "23:00", end: "24:00", slotMinutes: 30, gapMinutes: 0 })).toEqual([
      { time: "23:00", durationMinutes: 30 },
      { time: "23:30", durationMinutes: 30 },
    ]);
  });

  it("reads the weekday of a calendar date and keeps a day off empty", () => {
    expect(weekdayOf("2026-11-22")).toBe("sunday");
    expect(weekdayOf("2026-11-23")).toBe("monday");
    const sundaysOff = { weekly: weekly({ sunday: [] }), exceptions: [] };
    expect(times("2026-11-22", sundaysOff)).toEqual([]);
    expect(daySlots("2026-11-22", sundaysOff, [], rules, now).reason).toBe("day_off");
    expect(times("2026-11-23", sundaysOff)).toEqual([...SLOT_TIMES]);
  });

  it("offers several sessions of a day in time order", () => {
    const facts = {
      weekly: weekly({
        monday: [
          { start: "19:00", end: "20:00", slotMinutes: 30, gapMinutes: 0 },
          { start: "10:00", end: "11:00", slotMinutes: 20, gapMinutes: 10 },
        ],
      }),
      exceptions: [],
    };
    expect(dayPlan("2026-11-23", facts, IST).slots).toEqual([
      { time: "10:00", durationMinutes: 20 },
      { time: "10:30", durationMinutes: 20 },
      { time: "19:00", durationMinutes: 30 },
      { time: "19:30", durationMinutes: 30 },
    ]);
  });

  it("refuses overlapping sessions and a session too short for one consultation", () => {
    const overlapping = weekly({
      friday: [
        { start: "19:00", end: "21:00", slotMinutes: 20, gapMinutes: 0 },
        { start: "20:30", end: "22:00", slotMinutes: 20, gapMinutes: 0 },
      ],
    });
    const result = weeklyTemplateSchema.safeParse(overlapping);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["friday", 1, "start"],
      message: "Sessions on one day must not overlap",
    });
    const short = weeklyTemplateSchema.safeParse(
      weekly({ friday: [{ start: "19:00", end: "19:10", slotMinutes: 20, gapMinutes: 0 }] }),
    );
    expect(short.error?.issues[0]?.message).toBe(
      "The session must end after the start, with room for at least one consultation",
    );
    expect(
      scheduleSettingsSchema.safeParse({
        weekly: DEFAULT_WEEKLY_TEMPLATE,
        minNoticeMinutes: 30,
        horizonDays: 0,
      }).success,
    ).toBe(false);
  });
});

describe("leave and overrides", () => {
  it("leave covers its first and last day and wins over everything else", () => {
    const facts: ScheduleFacts = {
      weekly: DEFAULT_WEEKLY_TEMPLATE,
      exceptions: [
        leave("2026-11-24", "2026-11-26"),
        {
          id: "own",
          kind: "hours",
          startsOn: "2026-11-25",
          endsOn: "2026-11-25",
          sessions: [{ start: "10:00", end: "11:00", slotMinutes: 30, gapMinutes: 0 }],
          note: "",
        },
      ],
    };
    expect(times("2026-11-23", facts)).toHaveLength(6);
    for (const date of ["2026-11-24", "2026-11-25", "2026-11-26"]) {
      expect(dayPlan(date, facts, IST)).toEqual({ leave: { note: "Conference" }, slots: [], blocked: [] });
      expect(daySlots(date, facts, [], rules, now)).toEqual({
        date,
        freeSlots: 0,
        reason: "leave",
        slots: [],
      });
    }
    expect(times("2026-11-27", facts)).toHaveLength(6);
  });

  it("a date's own hours replace the weekday's, even on a day off", () => {
    const facts: ScheduleFacts = {
      weekly: weekly({ sunday: [] }),
      exceptions: [
        {
          id: "own",
          kind: "hours",
          startsOn: "2026-11-22",
          endsOn: "2026-11-22",
          sessions: [{ start: "10:00", end: "11:30", slotMinutes: 30, gapMinutes: 0 }],
          note: "Camp",
        },
      ],
    };
    expect(dayPlan("2026-11-22", facts, IST)).toMatchObject({
      ownHours: { note: "Camp" },
      slots: [
        { time: "10:00", durationMinutes: 30 },
        { time: "10:30", durationMinutes: 30 },
        { time: "11:00", durationMinutes: 30 },
      ],
    });
    expect(times("2026-11-29", facts)).toEqual([]);
  });

  it("a blocked slot is taken out of the date's hours and remembered with its note", () => {
    const facts: ScheduleFacts = {
      weekly: DEFAULT_WEEKLY_TEMPLATE,
      exceptions: [
        {
          id: "b",
          kind: "block",
          startsOn: "2026-11-23",
          endsOn: "2026-11-23",
          time: "19:40",
          note: "School",
        },
      ],
    };
    const plan = dayPlan("2026-11-23", facts, IST);
    expect(plan.slots.map((slot) => slot.time)).toEqual(["19:00", "19:20", "20:00", "20:20", "20:40"]);
    expect(plan.blocked).toEqual([{ time: "19:40", durationMinutes: 20, note: "School" }]);
    expect(times("2026-11-24", facts)).toHaveLength(6);
  });

  it("checks leave ranges and blocked times as the dashboard sends them", () => {
    const backwards = newExceptionSchema.safeParse({
      kind: "leave",
      startsOn: "2026-11-26",
      endsOn: "2026-11-24",
      note: "",
    });
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ["endsOn"],
      message: "The last day cannot be before the first",
    });
    expect(
      newExceptionSchema.safeParse({ kind: "block", date: "2026-11-24", time: "7pm", note: "" }).success,
    ).toBe(false);
  });
});

describe("a date as a parent may book it", () => {
  it("marks slots inside the minimum notice unavailable and counts the rest", () => {
    // 18:35 in India: 7:00 PM starts in 25 minutes.
    const evening = new Date("2026-11-21T13:05:00Z");
    const day = daySlots("2026-11-21", defaults, [], rules, evening);
    expect(day.slots.map((slot) => slot.status)).toEqual([
      "unavailable",
      "available",
      "available",
      "available",
      "available",
      "available",
    ]);
    expect(day.freeSlots).toBe(5);
    // 20:45: nothing is left today, which is closed for the day, not booked.
    expect(daySlots("2026-11-21", defaults, [], rules, new Date("2026-11-21T15:15:00Z"))).toMatchObject({
      freeSlots: 0,
      reason: "past",
    });
  });

  it("closes dates before today and beyond the horizon", () => {
    expect(daySlots("2026-11-20", defaults, [], rules, now).reason).toBe("past");
    expect(daySlots("2027-01-20", defaults, [], rules, now).freeSlots).toBe(6);
    expect(daySlots("2027-01-21", defaults, [], rules, now)).toMatchObject({
      freeSlots: 0,
      reason: "beyond_horizon",
    });
  });

  it("marks as booked every slot that overlaps a held or booked appointment, of any length", () => {
    const taken = [
      { date: "2026-11-23", time: "19:00", durationMinutes: 20 },
      // Kept from earlier hours: 30 minutes from 19:50 overlaps 19:40 and 20:00.
      { date: "2026-11-23", time: "19:50", durationMinutes: 30 },
      { date: "2026-11-24", time: "20:40", durationMinutes: 20 },
    ];
    const day = daySlots("2026-11-23", defaults, taken, rules, now);
    expect(day.slots.map((slot) => `${slot.time} ${slot.status}`)).toEqual([
      "19:00 booked",
      "19:20 available",
      "19:40 booked",
      "20:00 booked",
      "20:20 available",
      "20:40 available",
    ]);
    expect(day.freeSlots).toBe(3);
    const full = SLOT_TIMES.map((time) => ({ date: "2026-11-25", time, durationMinutes: 20 }));
    expect(daySlots("2026-11-25", defaults, full, rules, now)).toMatchObject({
      freeSlots: 0,
      reason: "fully_booked",
    });
  });
});

describe("time zones", () => {
  it("India keeps one offset all year: 7:00 PM IST is 13:30 UTC in January and in July", () => {
    expect(slotStart("2027-01-15", "19:00", IST).toISOString()).toBe("2027-01-15T13:30:00.000Z");
    expect(slotStart("2027-07-15", "19:00", IST).toISOString()).toBe("2027-07-15T13:30:00.000Z");
    // No time is skipped or repeated in India, so every slot of every day exists.
    for (const date of datesOfMonth("2027-03")) expect(times(date, defaults)).toHaveLength(6);
  });

  it("a clinic in London keeps its wall-clock hours through daylight saving", () => {
    const london = { ...rules, timeZone: LONDON };
    expect(slotStart("2027-01-15", "19:00", LONDON).toISOString()).toBe("2027-01-15T19:00:00.000Z");
    expect(slotStart("2027-07-15", "19:00", LONDON).toISOString()).toBe("2027-07-15T18:00:00.000Z");
    expect(
      appointmentInterval(
        { appointmentDate: "2026-10-25", appointmentTime: "19:00", durationMinutes: 30 },
        LONDON,
      ),
    ).toEqual({ startsAt: new Date("2026-10-25T19:00:00Z"), endsAt: new Date("2026-10-25T19:30:00Z") });
    // 29 March 2026: clocks go from 01:00 to 02:00, so 01:00 and 01:30 do not exist that night.
    const night = {
      weekly: weekly({ sunday: [{ start: "00:30", end: "03:00", slotMinutes: 30, gapMinutes: 0 }] }),
      exceptions: [],
    };
    expect(existsInZone("2026-03-29", "01:30", LONDON)).toBe(false);
    expect(times("2026-03-29", night, LONDON)).toEqual(["00:30", "02:00", "02:30"]);
    expect(times("2026-03-22", night, LONDON)).toEqual(["00:30", "01:00", "01:30", "02:00", "02:30"]);
    // "Today" is London's: at 23:30 UTC on 21 November it is still the 21st there (and the 22nd in India).
    const late = new Date("2026-11-21T23:30:00Z");
    expect(daySlots("2026-11-21", defaults, [], london, late).reason).toBe("past");
    expect(daySlots("2026-11-22", defaults, [], london, late).freeSlots).toBe(6);
    expect(daySlots("2026-11-21", defaults, [], rules, late).reason).toBe("past");
  });

  it("a consultation's end follows its own length", () => {
    expect(
      appointmentInterval(
        { appointmentDate: "2026-11-22", appointmentTime: "19:00", durationMinutes: 30 },
        IST,
      ),
    ).toEqual({ startsAt: new Date("2026-11-22T13:30:00Z"), endsAt: new Date("2026-11-22T14:00:00Z") });
  });
});

describe("months and dates", () => {
  it("lists a month's dates, moves between months and checks YYYY-MM", () => {
    expect(datesOfMonth("2028-02")).toHaveLength(29);
    expect(datesOfMonth("2026-11")[29]).toBe("2026-11-30");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(isValidMonth("2026-11")).toBe(true);
    expect(isValidMonth("2026-13")).toBe(false);
    expect(isValidMonth("2026-1")).toBe(false);
    expect(longDate("2026-11-22")).toBe("Sunday, 22 November 2026");
  });
});
