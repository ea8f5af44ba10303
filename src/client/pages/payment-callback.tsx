import { ComingSoon } from "./coming-soon";

export default function PaymentCallbackPage() {
  return <ComingSoon title="Payment Status" />;
}
