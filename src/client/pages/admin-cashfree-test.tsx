import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { GatewayDiagnosticPanel } from "@/features/admin/gateway-diagnostic";

/** /admin/cashfree-test: the payment gateway's credentials diagnostic, for the administrator only. */
export default function CashfreeTestPage() {
  return (
    <AdminGuard>
      <AdminLayout
        title="Payment Gateway Diagnostics"
        current="gateway"
        description="Which gateway takes the payments, and whether Cashfree accepts the keys this server runs with."
      >
        <GatewayDiagnosticPanel />
      </AdminLayout>
    </AdminGuard>
  );
}
