import { useQuery } from "@tanstack/react-query";
import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { RESCHEDULE_REQUESTS_KEY } from "@/features/admin/admin-session";
import { ManageArticles } from "@/features/admin/manage-articles";
import { NotificationsPanel } from "@/features/admin/notifications-panel";
import { RecentAppointments } from "@/features/admin/recent-appointments";
import { StatsCards } from "@/features/admin/stats-cards";
import { TestNotifications } from "@/features/admin/test-notifications";

/** /admin: the administrator's dashboard, behind the client-side guard (the server guards every call itself). */
export default function AdminPage() {
  return (
    <AdminGuard>
      <AdminDashboard />
    </AdminGuard>
  );
}

function AdminDashboard() {
  // Fetched as the spec's dashboard does; nothing shows it yet.
  useQuery<{ requests: unknown[] }>({ queryKey: RESCHEDULE_REQUESTS_KEY });

  return (
    <AdminLayout
      title="Admin Dashboard"
      current="dashboard"
      description="Articles, appointments and notifications at a glance."
    >
      <StatsCards />
      <ManageArticles />
      <TestNotifications />
      <NotificationsPanel />
      <RecentAppointments />
    </AdminLayout>
  );
}
