import { useRupees, useT } from "./i18n";

/** "follow-up within 7 days free" (or "… ₹500"), as the fee is stated up front, in the page's language. */
export function useFollowUpOffer(): (rule: { fee: number; withinDays: number }) => string {
  const t = useT();
  const rupees = useRupees();
  return (rule) =>
    rule.fee === 0
      ? t("followUp.offerFree", { days: rule.withinDays })
      : t("followUp.offerPaid", { days: rule.withinDays, fee: rupees(rule.fee) });
}
