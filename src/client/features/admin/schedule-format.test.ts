import { describe, expect, it } from "vitest";
import { describeException, sessionsSummary } from "./schedule-format";

describe("the schedule editor's words", () => {
  it("sums up a day's sessions as parents will see them", () => {
    expect(sessionsSummary([{ start: "19:00", end: "21:00", slotMinutes: 20, gapMinutes: 0 }])).toBe(
      "6 consultations of 20 minutes, the first at 7:00 PM, the last at 8:40 PM",
    );
    expect(
      sessionsSummary([
        { start: "18:00", end: "19:00", slotMinutes: 30, gapMinutes: 0 },
        { start: "10:00", end: "10:20", slotMinutes: 20, gapMinutes: 0 },
      ]),
    ).toBe("3 consultations of 20 or 30 minutes, the first at 10:00 AM, the last at 6:30 PM");
    expect(sessionsSummary([{ start: "09:00", end: "09:30", slotMinutes: 30, gapMinutes: 5 }])).toBe(
      "1 consultation of 30 minutes, at 9:00 AM",
    );
    expect(sessionsSummary([])).toBe("No consultations");
  });

  it("describes leave, a date's own hours and a blocked time in one line each", () => {
    expect(
      describeException({
        id: "1",
        kind: "leave",
        startsOn: "2026-11-24",
        endsOn: "2026-11-26",
        note: "Conference",
      }),
    ).toEqual({ kind: "Leave", when: "Tue, 24 Nov 2026 to Thu, 26 Nov 2026", detail: "Conference" });
    expect(
      describeException({
        id: "2",
        kind: "hours",
        startsOn: "2026-11-27",
        endsOn: "2026-11-27",
        sessions: [{ start: "10:00", end: "11:00", slotMinutes: 30, gapMinutes: 0 }],
        note: "Camp",
      }),
    ).toEqual({
      kind: "Own hours",
      when: "Fri, 27 Nov 2026",
      detail: "10:00 AM to 11:00 AM (30 min) · Camp",
    });
    expect(
      describeException({
        id: "3",
        kind: "block",
        startsOn: "2026-11-29",
        endsOn: "2026-11-29",
        time: "19:20",
        note: "",
      }),
    ).toEqual({ kind: "Blocked time", when: "Sun, 29 Nov 2026, 7:20 PM", detail: "" });
  });
});
