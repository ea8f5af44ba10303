import { describe, expect, it } from "vitest";
import type { VideoRoomWindow } from "@shared/video";
import * as roomWindow from "./room-window";

/** 7:00 PM IST on Sunday 22 November 2026 (13:30 UTC), and `hours` after it. */
const start = (hours: number) =>
  new Date(Date.parse("2026-11-22T13:30:00.000Z") + hours * 3_600_000).toISOString();

/** The room opens an hour before (6:00 PM IST) and closes three hours after the start. */
const room: VideoRoomWindow = {
  opensAt: start(-1),
  startsAt: start(0),
  closesAt: start(3),
  appointmentDate: "2026-11-22",
  appointmentTime: "19:00",
  timeZone: "Asia/Kolkata",
  timeZoneLabel: "IST",
};

describe("the video page's times", () => {
  it("writes the consultation and the opening in the clinic's zone", () => {
    expect(roomWindow.consultationWhen(room)).toBe("Sunday, 22 November 2026 at 7:00 PM IST");
    expect(roomWindow.opensAtText(room)).toBe("6:00 PM IST");
    expect(roomWindow.leadTimeText(room)).toBe("1 hour");
  });

  it("names the date of an opening on another day, and says long leads in words", () => {
    const early = { ...room, opensAt: "2026-11-21T13:00:00.000Z" };
    expect(roomWindow.opensAtText(early)).toBe("Saturday, 21 November 2026, 6:30 PM IST");
    expect(roomWindow.leadTimeText(early)).toBe("1 day 30 minutes");
    expect(roomWindow.leadTimeText({ ...room, opensAt: "2026-11-22T13:00:00.000Z" })).toBe("30 minutes");
    expect(roomWindow.leadTimeText({ ...room, opensAt: "2026-11-22T12:00:00.000Z" })).toBe(
      "1 hour 30 minutes",
    );
  });

  it("counts down to the second, and never below zero", () => {
    const at = (iso: string) => roomWindow.countdown(room.opensAt, Date.parse(iso));
    expect(roomWindow.countdownClock(at("2026-11-22T12:15:30.000Z"))).toBe("14:30");
    expect(roomWindow.countdownClock(at("2026-11-22T10:15:00.500Z"))).toBe("02:15:00");
    expect(roomWindow.countdownClock(at("2026-11-20T10:00:00.000Z"))).toBe("2 days 02:30:00");
    expect(roomWindow.countdownClock(at("2026-11-22T13:00:00.000Z"))).toBe("00:00");
    expect(roomWindow.countdownWords(at("2026-11-20T10:00:00.000Z"))).toBe("2 days, 2 hours and 30 minutes");
    expect(roomWindow.countdownWords(at("2026-11-22T12:15:30.000Z"))).toBe("15 minutes");
    expect(roomWindow.countdownWords(at("2026-11-22T12:30:00.000Z"))).toBe("less than a minute");
  });

  it("downloads the patient's invite, or the doctor's with the host key", () => {
    expect(roomWindow.inviteUrl("ab12", undefined)).toBe("/api/video-room/ab12/invite.ics");
    expect(roomWindow.inviteUrl("ab12", "k&y")).toBe("/api/video-room/ab12/invite.ics?key=k%26y");
  });
});
