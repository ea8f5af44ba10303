/** The order id of the return address; empty or missing means there is nothing to verify. */
export function orderIdFromSearch(search: string): string | undefined {
  const value = new URLSearchParams(search).get("order_id")?.trim();
  return value ? value : undefined;
}

/** The gateway's order states the page names in words (`payment.status.<key>` in the booking catalogue). */
const statusKeys = {
  PAID: "PAID",
  ACTIVE: "ACTIVE",
  FAILED: "FAILED",
  USER_DROPPED: "USER_DROPPED",
  CANCELLED: "CANCELLED",
  EXPIRED: "EXPIRED",
  TERMINATED: "TERMINATED",
  TERMINATION_REQUESTED: "TERMINATED",
  PENDING: "PENDING",
} as const;

export type PaymentStatusKey = (typeof statusKeys)[keyof typeof statusKeys];

/**
 * The gateway's order state as a person reads it: `say` gives the words of a known state in the page's language
 * ("USER_DROPPED" -> "Cancelled at checkout"); a state the site does not know is the gateway's own words, made
 * readable ("SOMETHING_NEW" -> "Something new").
 */
export function paymentStatusLabel(
  status: string,
  say: (key: PaymentStatusKey | "unknown") => string,
): string {
  const upper = status.toUpperCase();
  if (upper in statusKeys) return say(statusKeys[upper as keyof typeof statusKeys]);
  const words = status.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : say("unknown");
}
