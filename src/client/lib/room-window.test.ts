import { describe, expect, it } from "vitest";
import * as roomWindow from "./room-window";

describe("the video page's countdown and invite", () => {
  it("counts down to the second, rounding up, and never below zero", () => {
    const opensAt = "2026-11-22T12:30:00.000Z";
    const at = (iso: string) => roomWindow.countdown(opensAt, Date.parse(iso));
    expect(at("2026-11-22T12:15:30.000Z")).toEqual({ days: 0, hours: 0, minutes: 14, seconds: 30 });
    expect(at("2026-11-22T10:15:00.500Z")).toEqual({ days: 0, hours: 2, minutes: 15, seconds: 0 });
    expect(at("2026-11-20T10:00:00.000Z")).toEqual({ days: 2, hours: 2, minutes: 30, seconds: 0 });
    expect(at("2026-11-22T13:00:00.000Z")).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it("downloads the patient's invite, or the doctor's with the host key", () => {
    expect(roomWindow.inviteUrl("ab12", undefined)).toBe("/api/video-room/ab12/invite.ics");
    expect(roomWindow.inviteUrl("ab12", "k&y")).toBe("/api/video-room/ab12/invite.ics?key=k%26y");
  });
});
