import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { AppointmentsPanel } from "@/features/admin/appointments-panel";
import { BackupSummary } from "@/features/admin/backup-summary";
import { GatewaySummary } from "@/features/admin/gateway-summary";
import { ManageArticles } from "@/features/admin/manage-articles";
import { NeedsAction } from "@/features/admin/needs-action";
import { SetupChecklist } from "@/features/admin/setup-checklist";
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
  return (
    <AdminLayout
      title="Admin Dashboard"
      current="dashboard"
      description="Your practice at a glance: the figures, recent appointments, articles and the notification test."
    >
      <StatsCards />
      <NeedsAction />
      <AppointmentsPanel />
      {/* After the appointments: on a phone, the day's work comes before the steps left to set up. */}
      <SetupChecklist place="dashboard" />
      <ManageArticles />
      <TestNotifications />
      <GatewaySummary />
      <BackupSummary />
    </AdminLayout>
  );
}
