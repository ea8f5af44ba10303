import { AccessLogPanel } from "@/features/admin/access-log-panel";
import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";

/** /admin/activity (and its old address /admin/access-log): every read and change of patient data in the console. */
export default function AdminAccessLogPage() {
  return (
    <AdminGuard>
      <AdminLayout
        title="Activity"
        current="activity"
        description="Every view, change, download and erasure of patient data, kept for at least one year."
      >
        <AccessLogPanel />
      </AdminLayout>
    </AdminGuard>
  );
}
