import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { AppointmentsPanel } from "@/features/admin/appointments-panel";
import { BackupSummary } from "@/features/admin/backup-summary";
import { GatewaySummary } from "@/features/admin/gateway-summary";
import { LeaveAndOverrides } from "@/features/admin/leave-and-overrides";
import { ManageArticles } from "@/features/admin/manage-articles";
import { NeedsAction } from "@/features/admin/needs-action";
import { NotificationsPanel } from "@/features/admin/notifications-panel";
import { SetupChecklist } from "@/features/admin/setup-checklist";
import { StatsCards } from "@/features/admin/stats-cards";
import { TestNotifications } from "@/features/admin/test-notifications";
import { WeeklyHours } from "@/features/admin/weekly-hours";

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
      description="Appointments, your hours and leave, articles and notifications at a glance."
    >
      <SetupChecklist place="dashboard" />
      <StatsCards />
      <NeedsAction />
      <AppointmentsPanel />
      <LeaveAndOverrides />
      <WeeklyHours />
      <ManageArticles />
      <TestNotifications />
      <NotificationsPanel />
      <GatewaySummary />
      <BackupSummary />
    </AdminLayout>
  );
}
