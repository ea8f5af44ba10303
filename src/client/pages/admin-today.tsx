import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { TodayPanel } from "@/features/admin/today-panel";

/** /admin/today: the doctor's day at a glance. */
export default function AdminTodayPage() {
  return (
    <AdminGuard>
      <AdminLayout
        title="Today"
        current="today"
        description="Your consultations today in order, with the next one and how soon it starts."
      >
        <TodayPanel />
      </AdminLayout>
    </AdminGuard>
  );
}
