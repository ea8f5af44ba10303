import type { MessageWords } from "../messaging/message-words";
import { when } from "./pdf-text";

/**
 * A date printed on a document (fee receipt, prescription) in its language: "22 Nov 2026", with the time ("22 Nov
 * 2026, 7:00 PM IST") and the weekday when asked. English keeps the formats the documents have always had; Hindi and
 * Kannada use the language's words, as the pages do.
 */
export function documentDate(
  words: MessageWords,
  at: Date,
  { timeZone, zone }: { timeZone: string; zone: string },
  detail: "day" | "time" | "weekday and time",
): string {
  if (words.language === "en") {
    const pattern = {
      day: "d MMM yyyy",
      time: "d MMM yyyy, h:mm a",
      "weekday and time": "EEE, d MMM yyyy, h:mm a",
    };
    return detail === "day"
      ? when(at, timeZone, pattern.day)
      : `${when(at, timeZone, pattern[detail])} ${zone}`;
  }
  if (detail === "day") return words.day(at, timeZone);
  return detail === "time"
    ? words.t("when.long", { date: words.day(at, timeZone), time: words.clock(at, timeZone), zone })
    : words.whenLong(at, timeZone, zone);
}
