import { ComingSoon } from "./coming-soon";

export default function CashfreeTestPage() {
  return <ComingSoon title="Payment Gateway Diagnostics" />;
}
