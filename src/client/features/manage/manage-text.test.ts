import { describe, expect, it } from "vitest";
import type { ManageView } from "@shared/manage";
import { pageTranslator } from "@shared/i18n/chunk-messages";
import type { Language } from "@shared/i18n/languages";
import type { Translate } from "@/lib/i18n";
import { leadTimeInWords } from "@/lib/room-opening";
import { cancelConsequence, LEAD_TIME_IDS, refundText, rescheduleConsequence } from "./manage-text";

const view = (refundPercent: number, refundAmount: number) =>
  ({
    appointment: { amountPaid: 2000 },
    policy: { cancel: { allowed: true, refundPercent, refundAmount } },
    refundBusinessDays: "5–7",
  }) as unknown as ManageView;

/** The manage page's words in a language, as the page has them (the site's and the visit catalogue). */
function wordsIn(language: Language) {
  const i18n = pageTranslator(language, ["visit"]);
  const t: Translate = (id, values) => i18n._(id, values);
  return { t, rupees: (amount: number) => `₹${amount.toLocaleString("en-IN")}` };
}

describe("the manage page's sentences", () => {
  it("spells out the refund of a cancellation before the parent confirms", () => {
    expect(cancelConsequence(wordsIn("en"), view(50, 1000))).toBe(
      "Cancel now and get ₹1,000 back, 50 % of ₹2,000, within 5–7 business days.",
    );
    expect(cancelConsequence(wordsIn("en"), view(0, 0))).toMatch(/no refund is due/);
  });

  it("says how many reschedules are left after a move", () => {
    const move = { date: "Thursday, 3 December 2026", time: "7:20 PM IST", remainingAfter: 1 };
    expect(rescheduleConsequence(wordsIn("en"), move)).toBe(
      "Move to Thursday, 3 December 2026 at 7:20 PM IST (1 reschedule left after this)",
    );
    expect(rescheduleConsequence(wordsIn("en"), { ...move, remainingAfter: 0 })).toContain(
      "(0 reschedules left after this)",
    );
  });

  it("tells the state of a refund in words", () => {
    const refund = { amount: 1000, state: "pending" } as Parameters<typeof refundText>[1];
    expect(refundText(wordsIn("en"), refund, "5–7")).toMatch(/within 5–7 business days/);
  });

  it("says how long before the start the room opens", () => {
    const { t } = wordsIn("en");
    const lead = (opensAt: string) => leadTimeInWords(t, LEAD_TIME_IDS, opensAt, "2026-12-03T13:50:00Z");
    expect(lead("2026-12-03T12:50:00Z")).toBe("1 hour");
    expect(lead("2026-12-03T12:20:00Z")).toBe("1 hour 30 minutes");
    expect(lead("2026-12-02T12:50:00Z")).toBe("1 day 1 hour");
  });

  it.each(["hi", "kn"] as const)(
    "says the same in %s, with the amounts and dates it is given",
    (language) => {
      const words = wordsIn(language);
      const cancel = cancelConsequence(words, view(50, 1000));
      expect(cancel).toContain("₹1,000");
      expect(cancel).toContain("₹2,000");
      expect(cancel).toContain("5–7");
      expect(cancel).not.toMatch(/[A-Za-z]{3,}/);
      const move = rescheduleConsequence(words, { date: "3 ದಿಸೆಂಬರ್", time: "7:20", remainingAfter: 1 });
      expect(move).toContain("3 ದಿಸೆಂಬರ್");
      expect(move).not.toMatch(/[A-Za-z]{3,}/);
      // The last move allowed says so, not "0 more times".
      const last = rescheduleConsequence(words, { date: "3 ದಿಸೆಂಬರ್", time: "7:20", remainingAfter: 0 });
      expect(last).not.toMatch(/(^|\D)0(\D|$)/);
    },
  );
});
