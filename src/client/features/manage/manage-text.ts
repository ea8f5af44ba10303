import { formatRupees, type PaymentStatus } from "@shared/booking";
import type { ManageView, RefundView } from "@shared/manage";

/** The consequence of cancelling now, spelled out before the parent confirms. */
export function cancelConsequence(view: ManageView): string {
  const { refundAmount, refundPercent } = view.policy.cancel;
  const paid = view.appointment.amountPaid;
  if (view.appointment.doctorUnavailable)
    return `Cancel and get the full ₹${formatRupees(refundAmount)} back, within ${view.refundBusinessDays} business days, as the doctor is not available at the time you booked.`;
  if (refundAmount <= 0)
    return "Cancel now. Less than 12 hours are left before the consultation, so no refund is due under the policy.";
  return `Cancel now and get ₹${formatRupees(refundAmount)} back, ${refundPercent} % of ₹${formatRupees(paid)}, within ${view.refundBusinessDays} business days.`;
}

/** The move, as the confirm button says it; a move the doctor asked for costs none of the parent's reschedules. */
export function rescheduleConsequence(
  dateLabel: string,
  timeLabel: string,
  remainingAfter: number,
  free = false,
): string {
  if (free) return `Move to ${dateLabel} at ${timeLabel} (free, not counted as a reschedule)`;
  const left = remainingAfter === 1 ? "1 reschedule" : `${remainingAfter} reschedules`;
  return `Move to ${dateLabel} at ${timeLabel} (${left} left after this)`;
}

export function refundText(refund: RefundView, businessDays: string): string {
  const amount = `₹${formatRupees(refund.amount)}`;
  switch (refund.state) {
    case "pending":
      return `Refund of ${amount} on its way: it reaches your bank within ${businessDays} business days.`;
    case "succeeded":
      return `Refunded: ${amount}.`;
    case "failed":
      return `The refund of ${amount} did not go through; the clinic has been told and will send it again.`;
  }
}

export const PAYMENT_WORDS: Record<PaymentStatus, string> = {
  pending: "Not paid",
  paid: "Paid",
  failed: "Payment failed",
  refund_pending: "Refund in progress",
  refunded: "Refunded",
  partially_refunded: "Partly refunded",
};

export const STATUS_WORDS: Record<ManageView["appointment"]["status"], string> = {
  pending_payment: "Awaiting payment",
  confirmed: "Confirmed",
  completed: "Completed",
  expired: "Expired",
  cancelled: "Cancelled",
  no_show: "Missed (no-show)",
};
