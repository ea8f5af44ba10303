import { consultationHours } from "@shared/consultation-hours";
import { translatorFor } from "@shared/i18n/messages";
import { SITE_MESSAGES } from "@shared/i18n/site-messages";
import type { Language } from "@shared/i18n/languages";
import type { WeeklyTemplate } from "@shared/schedule";
import { describe, expect, it } from "vitest";
import { translatedHoursLines } from "./consultation-hours";
import type { Translate } from "./i18n";

const translate = (language: Language): Translate => {
  const i18n = translatorFor(language, SITE_MESSAGES[language]);
  return (id, values) => i18n._(id, values);
};
const evening = [{ start: "19:00", end: "21:00", slotMinutes: 20, gapMinutes: 0 }];
const morning = [{ start: "10:00", end: "13:00", slotMinutes: 20, gapMinutes: 0 }];
const week = (days: Partial<WeeklyTemplate>): WeeklyTemplate => ({
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
  ...days,
});

describe("the consultation hours in Hindi and Kannada", () => {
  it("names the days and the part of the day as people say them", () => {
    const daily = consultationHours(
      week({
        monday: evening,
        tuesday: evening,
        wednesday: evening,
        thursday: evening,
        friday: evening,
        saturday: evening,
        sunday: evening,
      }),
    );
    expect(translatedHoursLines(daily, translate("kn"))).toEqual(["ಪ್ರತಿದಿನ, ಸಂಜೆ 7:00 - ರಾತ್ರಿ 9:00"]);
    expect(translatedHoursLines(daily, translate("hi"))).toEqual(["रोज़, शाम 7:00 - रात 9:00"]);
  });

  it("groups runs of days and joins the rest, with the morning's hours", () => {
    const hours = consultationHours(
      week({ monday: morning, tuesday: morning, wednesday: morning, friday: morning, sunday: evening }),
    );
    expect(translatedHoursLines(hours, translate("hi"))).toEqual([
      "सोमवार से बुधवार और शुक्रवार, सुबह 10:00 - दोपहर 1:00",
      "रविवार, शाम 7:00 - रात 9:00",
    ]);
    expect(translatedHoursLines([], translate("kn"))).toEqual(["ಸದ್ಯಕ್ಕೆ ನಿಯಮಿತ ಸಮಯವಿಲ್ಲ"]);
  });
});
