import type { PaymentStatus } from "@shared/booking";
import type { ManageView, RefundView } from "@shared/manage";
import type { Translate } from "@/lib/i18n";

/** The page's words: its translator and its way of writing rupees ("₹2,000"). */
export interface ManageWords {
  t: Translate;
  rupees: (amount: number) => string;
}

/** The consequence of cancelling now, spelled out before the parent confirms. */
export function cancelConsequence({ t, rupees }: ManageWords, view: ManageView): string {
  const { refundAmount, refundPercent } = view.policy.cancel;
  const days = view.refundBusinessDays;
  if (view.appointment.doctorUnavailable)
    return t("manage.cancel.unavailable", { amount: rupees(refundAmount), days });
  if (refundAmount <= 0) return t("manage.cancel.noRefund");
  return t("manage.cancel.partial", {
    amount: rupees(refundAmount),
    percent: refundPercent,
    paid: rupees(view.appointment.amountPaid),
    days,
  });
}

/** The move, as the confirm button says it; a move the doctor asked for costs none of the parent's reschedules. */
export function rescheduleConsequence(
  { t }: Pick<ManageWords, "t">,
  move: { date: string; time: string; remainingAfter: number; free?: boolean },
): string {
  const { date, time } = move;
  if (move.free) return t("manage.move.free", { date, time });
  return t("manage.move.counted", { date, time, left: move.remainingAfter });
}

export function refundText({ t, rupees }: ManageWords, refund: RefundView, businessDays: string): string {
  const amount = rupees(refund.amount);
  switch (refund.state) {
    case "pending":
      return t("manage.refund.pending", { amount, days: businessDays });
    case "succeeded":
      return t("manage.refund.succeeded", { amount });
    case "failed":
      return t("manage.refund.failed", { amount });
  }
}

export function paymentWords(t: Translate, status: PaymentStatus): string {
  return t(`manage.paymentStatus.${status}`);
}

export function statusWords(t: Translate, status: ManageView["appointment"]["status"]): string {
  return t(`manage.status.${status}`);
}

/** The manage page's words for how long before the start the room opens. */
export const LEAD_TIME_IDS = {
  days: "manage.lead.days",
  hours: "manage.lead.hours",
  minutes: "manage.lead.minutes",
} as const;
