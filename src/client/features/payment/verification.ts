/** The order id of the return address; empty or missing means there is nothing to verify. */
export function orderIdFromSearch(search: string): string | undefined {
  const value = new URLSearchParams(search).get("order_id")?.trim();
  return value ? value : undefined;
}

const statusLabels: Record<string, string> = {
  PAID: "Paid",
  ACTIVE: "Not completed",
  FAILED: "Failed",
  USER_DROPPED: "Cancelled at checkout",
  CANCELLED: "Cancelled",
  EXPIRED: "Expired",
  TERMINATED: "Terminated",
  TERMINATION_REQUESTED: "Terminated",
  PENDING: "Pending",
};

/** The gateway's order state as a person reads it: "USER_DROPPED" -> "Cancelled at checkout". */
export function paymentStatusLabel(status: string): string {
  const known = statusLabels[status.toUpperCase()];
  if (known) return known;
  const words = status.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Unknown";
}
