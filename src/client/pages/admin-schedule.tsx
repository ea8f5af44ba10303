import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { LeaveAndOverrides } from "@/features/admin/leave-and-overrides";
import { NeedsAction } from "@/features/admin/needs-action";
import { WeeklyHours } from "@/features/admin/weekly-hours";

/** /admin/schedule: the weekly hours, leave, date overrides and blocked times, and the bookings they affect. */
export default function AdminSchedulePage() {
  return (
    <AdminGuard>
      <AdminLayout
        title="Schedule"
        current="schedule"
        description="Your weekly hours, leave, dates with their own hours and blocked times."
      >
        <NeedsAction />
        <LeaveAndOverrides />
        <WeeklyHours />
      </AdminLayout>
    </AdminGuard>
  );
}
