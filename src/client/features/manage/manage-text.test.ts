import { describe, expect, it } from "vitest";
import type { ManageView } from "@shared/manage";
import { cancelConsequence, refundText, rescheduleConsequence } from "./manage-text";

const view = (refundPercent: number, refundAmount: number) =>
  ({
    appointment: { amountPaid: 2000 },
    policy: { cancel: { allowed: true, refundPercent, refundAmount } },
    refundBusinessDays: "5–7",
  }) as unknown as ManageView;

describe("the manage page's sentences", () => {
  it("spells out the refund of a cancellation before the parent confirms", () => {
    expect(cancelConsequence(view(50, 1000))).toBe(
      "Cancel now and get ₹1,000 back, 50 % of ₹2,000, within 5–7 business days.",
    );
    expect(cancelConsequence(view(0, 0))).toMatch(/no refund is due/);
  });

  it("says how many reschedules are left after a move", () => {
    expect(rescheduleConsequence("Thursday, 3 December 2026", "7:20 PM IST", 1)).toBe(
      "Move to Thursday, 3 December 2026 at 7:20 PM IST (1 reschedule left after this)",
    );
  });

  it("tells the state of a refund in words", () => {
    const refund = { amount: 1000, state: "pending" } as Parameters<typeof refundText>[0];
    expect(refundText(refund, "5–7")).toMatch(/within 5–7 business days/);
  });
});
