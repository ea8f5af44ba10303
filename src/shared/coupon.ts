/** Coupon codes are compared trimmed and upper-cased, in the coupon box and on the server alike. */
export function normalizeCouponCode(code: string | undefined): string {
  return (code ?? "").trim().toUpperCase();
}
