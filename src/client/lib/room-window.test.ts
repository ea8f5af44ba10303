import { describe, expect, it } from "vitest";
import type { VideoRoomWindow } from "@shared/video";
import {
  consultationWhen,
  countdown,
  countdownClock,
  countdownWords,
  inviteUrl,
  leadTimeText,
  opensAtText,
} from "./room-window";

/** 7:00 PM IST on Sunday 22 November 2026; the room opens at 6:00 PM IST. */
const room: VideoRoomWindow = {
  opensAt: "2026-11-22T12:30:00.000Z",
  startsAt: "2026-11-22T13:30:00.000Z",
  closesAt: "2026-11-22T16:30:00.000Z",
  appointmentDate: "2026-11-22",
  appointmentTime: "19:00",
  timeZone: "Asia/Kolkata",
  timeZoneLabel: "IST",
};

describe("the video page's times", () => {
  it("writes the consultation and the opening in the clinic's zone", () => {
    expect(consultationWhen(room)).toBe("Sunday, 22 November 2026 at 7:00 PM IST");
    expect(opensAtText(room)).toBe("6:00 PM IST");
    expect(leadTimeText(room)).toBe("1 hour");
  });

  it("names the date of an opening on another day, and says long leads in words", () => {
    const early = { ...room, opensAt: "2026-11-21T13:00:00.000Z" };
    expect(opensAtText(early)).toBe("Saturday, 21 November 2026, 6:30 PM IST");
    expect(leadTimeText(early)).toBe("1 day 30 minutes");
    expect(leadTimeText({ ...room, opensAt: "2026-11-22T13:00:00.000Z" })).toBe("30 minutes");
    expect(leadTimeText({ ...room, opensAt: "2026-11-22T12:00:00.000Z" })).toBe("1 hour 30 minutes");
  });

  it("counts down to the second, and never below zero", () => {
    const at = (iso: string) => countdown(room.opensAt, Date.parse(iso));
    expect(countdownClock(at("2026-11-22T12:15:30.000Z"))).toBe("14:30");
    expect(countdownClock(at("2026-11-22T10:15:00.500Z"))).toBe("02:15:00");
    expect(countdownClock(at("2026-11-20T10:00:00.000Z"))).toBe("2 days 02:30:00");
    expect(countdownClock(at("2026-11-22T13:00:00.000Z"))).toBe("00:00");
    expect(countdownWords(at("2026-11-20T10:00:00.000Z"))).toBe("2 days, 2 hours and 30 minutes");
    expect(countdownWords(at("2026-11-22T12:15:30.000Z"))).toBe("15 minutes");
    expect(countdownWords(at("2026-11-22T12:30:00.000Z"))).toBe("less than a minute");
  });

  it("downloads the patient's invite, or the doctor's with the host key", () => {
    expect(inviteUrl("ab12", undefined)).toBe("/api/video-room/ab12/invite.ics");
    expect(inviteUrl("ab12", "k&y")).toBe("/api/video-room/ab12/invite.ics?key=k%26y");
  });
});
