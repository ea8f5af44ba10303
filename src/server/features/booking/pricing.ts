import { normalizeCouponCode } from "@shared/coupon";
import type { Config } from "../../config";

interface Price {
  /** The consultation fee before any coupon. */
  fee: number;
  /** What the patient pays. */
  amount: number;
  /** The matching coupon code, upper-cased, or undefined. */
  couponCode: string | undefined;
}

/**
 * The price is decided here and only here: the consultation fee, or the coupon fee when the submitted code matches
 * the configured one. Whatever amount a browser sends is ignored.
 */
export function priceFor(booking: Config["booking"], submittedCoupon: string | undefined): Price {
  const code = normalizeCouponCode(submittedCoupon);
  const matches =
    Boolean(booking.couponCode) && booking.couponFee !== undefined && code === booking.couponCode;
  return matches
    ? { fee: booking.fee, amount: booking.couponFee as number, couponCode: code }
    : { fee: booking.fee, amount: booking.fee, couponCode: undefined };
}
