import { describe, expect, it } from "vitest";
import type { TodayConsultation } from "@shared/console";
import { countdownLabel, nextConsultation, reportsText } from "./today-format";

const at = (iso: string) => new Date(iso);

function consultation(startsAt: string, endsAt: string, status = "confirmed"): TodayConsultation {
  return {
    appointment: { status } as TodayConsultation["appointment"],
    startsAt,
    endsAt,
    reportCount: 0,
    parentWaitingSince: null,
  };
}

describe("the day's countdown", () => {
  it("counts whole minutes up to the start, and since it once started", () => {
    const next = { startsAt: "2026-11-23T13:30:00Z" };
    expect(countdownLabel(next, at("2026-11-23T13:17:30Z"))).toBe("Starts in 13 min");
    expect(countdownLabel(next, at("2026-11-23T13:29:30Z"))).toBe("Starts in 1 min");
    expect(countdownLabel(next, at("2026-11-23T12:10:00Z"))).toBe("Starts in 1 h 20 min");
    expect(countdownLabel(next, at("2026-11-23T11:30:00Z"))).toBe("Starts in 2 h");
    expect(countdownLabel(next, at("2026-11-23T13:30:20Z"))).toBe("Starting now");
    expect(countdownLabel(next, at("2026-11-23T13:34:00Z"))).toBe("Started 4 min ago");
  });

  it("says the parents were told a later time when she pressed Running late before this one's grace ran out", () => {
    const next = consultation("2026-11-23T13:30:00Z", "2026-11-23T13:50:00Z");
    const late = { minutes: 10, at: "2026-11-23T13:22:00Z" };
    expect(countdownLabel(next, at("2026-11-23T13:22:00Z"), late)).toBe(
      "Starts in 8 min (you told the parents about 10 min late)",
    );
    // A press after this parent was already 15 minutes past the start was about the ones after.
    expect(
      countdownLabel(next, at("2026-11-23T13:50:00Z"), { minutes: 10, at: "2026-11-23T13:46:00Z" }),
    ).toBe("Started 20 min ago");
  });

  it("highlights the first confirmed consultation that is not over", () => {
    const done = consultation("2026-11-23T13:30:00Z", "2026-11-23T13:50:00Z", "completed");
    const running = consultation("2026-11-23T13:50:00Z", "2026-11-23T14:10:00Z");
    const later = consultation("2026-11-23T14:10:00Z", "2026-11-23T14:30:00Z");
    const day = [done, running, later];
    expect(nextConsultation(day, at("2026-11-23T13:00:00Z"))).toBe(running);
    expect(nextConsultation(day, at("2026-11-23T14:05:00Z"))).toBe(running);
    expect(nextConsultation(day, at("2026-11-23T14:10:00Z"))).toBe(later);
    expect(nextConsultation(day, at("2026-11-23T15:00:00Z"))).toBeUndefined();
  });

  it("names the reports", () => {
    expect([0, 1, 4].map(reportsText)).toEqual(["No reports", "1 report", "4 reports"]);
  });
});
