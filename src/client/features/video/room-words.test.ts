import { ageLabel } from "@shared/age";
import { pageMessages } from "@shared/i18n/chunk-messages";
import type { Language } from "@shared/i18n/languages";
import { translatorFor } from "@shared/i18n/messages";
import type { VideoRoomWindow } from "@shared/video";
import { describe, expect, it } from "vitest";
import type { Translate } from "@/lib/i18n";
import { countdown } from "@/lib/room-window";
import {
  ageIn,
  consultationWhenIn,
  countdownClockIn,
  countdownWordsIn,
  leadTimeIn,
  opensAtIn,
} from "./room-words";

/** The room page's translator: the site's words and the room's, as the page has them once its chunk is loaded. */
const translate = (language: Language): Translate => {
  const i18n = translatorFor(language, pageMessages(language, ["room"]));
  return (id, values) => i18n._(id, values);
};
const t = { en: translate("en"), hi: translate("hi"), kn: translate("kn") };

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
const early = { ...room, opensAt: "2026-11-21T13:00:00.000Z" };
const at = (iso: string) => countdown(room.opensAt, Date.parse(iso));

describe("the video room's times in the page's language", () => {
  it("says the consultation, the opening and the lead in Kannada", () => {
    expect(consultationWhenIn(t.kn, room)).toBe("ಭಾನುವಾರ, ನವೆಂಬರ್ 22, 2026, ಸಂಜೆ 7:00 IST");
    expect(opensAtIn(t.kn, room)).toBe("ಸಂಜೆ 6:00 IST");
    expect(leadTimeIn(t.kn, room)).toBe("1 ಗಂಟೆ");
    expect(opensAtIn(t.kn, early)).toBe("ಶನಿವಾರ, ನವೆಂಬರ್ 21, 2026, ಸಂಜೆ 6:30 IST");
    expect(leadTimeIn(t.kn, early)).toBe("1 ದಿನ 30 ನಿಮಿಷ");
  });

  it("says them in Hindi", () => {
    expect(consultationWhenIn(t.hi, room)).toMatch(/^रविवार, 22 \S+ 2026, शाम 7:00 IST$/);
    expect(opensAtIn(t.hi, room)).toBe("शाम 6:00 IST");
    expect(leadTimeIn(t.hi, room)).toBe("1 घंटे");
    expect(leadTimeIn(t.hi, { ...room, opensAt: "2026-11-22T12:00:00.000Z" })).toBe("1 घंटे 30 मिनट");
  });

  it("names a morning or a night opening by its part of the day", () => {
    const morning = { ...room, opensAt: "2026-11-22T04:30:00.000Z" };
    expect(opensAtIn(t.kn, morning)).toBe("ಬೆಳಿಗ್ಗೆ 10:00 IST");
    expect(opensAtIn(t.hi, { ...room, startsAt: "2026-11-22T16:30:00.000Z" })).toBe("शाम 6:00 IST");
    expect(consultationWhenIn(t.kn, { ...room, startsAt: "2026-11-22T16:30:00.000Z" })).toBe(
      "ಭಾನುವಾರ, ನವೆಂಬರ್ 22, 2026, ರಾತ್ರಿ 10:00 IST",
    );
  });

  it("counts down in the page's words, the clock in digits", () => {
    expect(countdownClockIn(t.kn, at("2026-11-20T10:00:00.000Z"))).toBe("2 ದಿನ 02:30:00");
    expect(countdownClockIn(t.hi, at("2026-11-20T10:00:00.000Z"))).toBe("2 दिन 02:30:00");
    expect(countdownClockIn(t.kn, at("2026-11-22T12:15:30.000Z"))).toBe("14:30");
    expect(countdownClockIn(t.kn, at("2026-11-21T12:20:00.000Z"))).toBe("1 ದಿನ 00:10:00");
    expect(countdownWordsIn(t.kn, at("2026-11-20T10:00:00.000Z"))).toBe("2 ದಿನಗಳು, 2 ಗಂಟೆಗಳು ಮತ್ತು 30 ನಿಮಿಷಗಳು");
    expect(countdownWordsIn(t.hi, at("2026-11-20T10:00:00.000Z"))).toBe("2 दिन, 2 घंटे और 30 मिनट");
    expect(countdownWordsIn(t.hi, at("2026-11-22T11:30:30.000Z"))).toBe("1 घंटा");
    expect(countdownWordsIn(t.kn, at("2026-11-22T12:30:00.000Z"))).toBe("ಒಂದು ನಿಮಿಷಕ್ಕಿಂತ ಕಡಿಮೆ");
  });

  it("says a patient's age", () => {
    expect(ageIn(t.kn, 7)).toBe("7 ವರ್ಷ");
    expect(ageIn(t.hi, 1)).toBe("1 साल");
    expect(ageIn(t.hi, 0, 5)).toBe("5 महीने");
    expect(ageIn(t.kn, 0, 0)).toBe("1 ತಿಂಗಳಿಗಿಂತ ಕಡಿಮೆ");
  });
});

describe("the video room's times in English", () => {
  it("writes the consultation and the opening in the clinic's zone", () => {
    expect(consultationWhenIn(t.en, room)).toBe("Sunday, 22 November 2026 at 7:00 PM IST");
    expect(opensAtIn(t.en, room)).toBe("6:00 PM IST");
    expect(leadTimeIn(t.en, room)).toBe("1 hour");
  });

  it("names the date of an opening on another day, and says long leads in words", () => {
    expect(opensAtIn(t.en, early)).toBe("Saturday, 21 November 2026, 6:30 PM IST");
    expect(leadTimeIn(t.en, early)).toBe("1 day 30 minutes");
    expect(leadTimeIn(t.en, { ...room, opensAt: "2026-11-22T13:00:00.000Z" })).toBe("30 minutes");
    expect(leadTimeIn(t.en, { ...room, opensAt: "2026-11-22T12:00:00.000Z" })).toBe("1 hour 30 minutes");
    expect(leadTimeIn(t.en, { ...room, opensAt: room.startsAt })).toBe("0 minutes");
  });

  it("counts down in words and on the clock", () => {
    expect(countdownClockIn(t.en, at("2026-11-22T12:15:30.000Z"))).toBe("14:30");
    expect(countdownClockIn(t.en, at("2026-11-22T10:15:00.500Z"))).toBe("02:15:00");
    expect(countdownClockIn(t.en, at("2026-11-20T10:00:00.000Z"))).toBe("2 days 02:30:00");
    expect(countdownClockIn(t.en, at("2026-11-21T12:20:00.000Z"))).toBe("1 day 00:10:00");
    expect(countdownClockIn(t.en, at("2026-11-22T13:00:00.000Z"))).toBe("00:00");
    expect(countdownWordsIn(t.en, at("2026-11-20T10:00:00.000Z"))).toBe("2 days, 2 hours and 30 minutes");
    expect(countdownWordsIn(t.en, at("2026-11-22T12:15:30.000Z"))).toBe("15 minutes");
    expect(countdownWordsIn(t.en, at("2026-11-22T11:30:30.000Z"))).toBe("1 hour");
    expect(countdownWordsIn(t.en, at("2026-11-22T12:30:00.000Z"))).toBe("less than a minute");
  });

  it("says ages as before", () => {
    for (const [years, months] of [
      [7, null],
      [1, null],
      [0, 0],
      [0, 1],
      [0, 11],
      [18, undefined],
    ] as const)
      expect(ageIn(t.en, years, months)).toBe(ageLabel(years, months));
  });
});
