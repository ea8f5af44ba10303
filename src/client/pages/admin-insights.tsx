import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { InsightsPanel } from "@/features/admin/insights-panel";

/** /admin/insights: the practice month by month, the articles bookings came from, and receipts for the accountant. */
export default function AdminInsightsPage() {
  return (
    <AdminGuard>
      <AdminLayout
        title="Insights"
        current="insights"
        description="How the practice is doing, month by month, and the receipts your accountant needs."
      >
        <InsightsPanel />
      </AdminLayout>
    </AdminGuard>
  );
}
