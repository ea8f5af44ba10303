import type { PaymentOutcome, RefundReason } from "@shared/booking";
import type { AppointmentRow } from "./repository";

/**
 * What became of an appointment after its payment, as the result page, the verify answer and the refund message
 * tell it. A gateway's PAID is only the money: the booking may still have been refunded instead.
 */
export function paymentOutcome(row: AppointmentRow, now: Date): PaymentOutcome {
  switch (row.paymentStatus) {
    case "refund_pending":
      return "refund_pending";
    case "refunded":
      return "refunded";
    case "failed":
      return "failed";
    case "paid":
      return row.status === "cancelled" || row.status === "expired" ? "cancelled" : "confirmed";
  }
  if (row.status === "pending_payment") return row.holdExpiresAt > now ? "pending" : "expired";
  return row.status === "expired" ? "expired" : "cancelled";
}

const refundReasons: readonly RefundReason[] = ["slot_taken", "underpaid", "doctor_unavailable"];

/**
 * Why a received payment is refunded (payments/service.ts records it): it was less than the price, it came after
 * the hold lapsed and someone else had booked the slot meanwhile, or the schedule no longer offers the slot. Rows
 * refunded before the reason was recorded are told apart by the amount.
 */
function refundReason(
  row: Pick<AppointmentRow, "paidAmount" | "amount" | "paymentRefundReason">,
): RefundReason {
  const recorded = refundReasons.find((reason) => reason === row.paymentRefundReason);
  if (recorded) return recorded;
  return row.paidAmount !== null && row.paidAmount < row.amount ? "underpaid" : "slot_taken";
}

/** The refund facts of a refunded or refunding appointment; undefined for any other. */
export function refundFacts(
  row: AppointmentRow,
): { reason: RefundReason; amount: number; price: number } | undefined {
  if (row.paymentStatus !== "refund_pending" && row.paymentStatus !== "refunded") return undefined;
  return {
    reason: refundReason(row),
    amount: row.refundAmount ?? row.paidAmount ?? 0,
    price: row.amount,
  };
}
