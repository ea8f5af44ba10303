import { describe, expect, it } from "vitest";
import { normalizeCouponCode } from "./coupon";

describe("normalizeCouponCode", () => {
  it("compares coupon codes trimmed and upper-cased", () => {
    expect(normalizeCouponCode("  heart50 ")).toBe("HEART50");
    expect(normalizeCouponCode("   ")).toBe("");
    expect(normalizeCouponCode(undefined)).toBe("");
  });
});
