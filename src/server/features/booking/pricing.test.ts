import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { priceFor } from "./pricing";

const withCoupon = loadConfig({
  CONSULTATION_FEE: "2000",
  COUPON_CODE: "HEART10",
  COUPON_FEE: "1500",
}).booking;
const withoutCoupon = loadConfig({}).booking;

describe("priceFor", () => {
  it("charges the consultation fee without a coupon", () => {
    expect(priceFor(withCoupon, undefined)).toEqual({ fee: 2000, amount: 2000, couponCode: undefined });
  });

  it("charges the coupon fee when the code matches, trimmed and in any case", () => {
    expect(priceFor(withCoupon, "  heart10 ")).toEqual({ fee: 2000, amount: 1500, couponCode: "HEART10" });
  });

  it("ignores a wrong code", () => {
    expect(priceFor(withCoupon, "HEART11").amount).toBe(2000);
  });

  it("never matches when no coupon is configured, even an empty code", () => {
    expect(priceFor(withoutCoupon, "").amount).toBe(2000);
    expect(priceFor(withoutCoupon, "ANY").couponCode).toBeUndefined();
  });
});
