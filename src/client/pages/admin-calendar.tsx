import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { CalendarPanel } from "@/features/admin/calendar-panel";

/** /admin/calendar: the doctor's week, to see what holds each time and to block or free one. */
export default function AdminCalendarPage() {
  return (
    <AdminGuard>
      <AdminLayout
        title="Calendar"
        current="calendar"
        description="Your week: bookings, times held for a payment, leave and blocked times. Tap a time to open, block or free it."
      >
        <CalendarPanel />
      </AdminLayout>
    </AdminGuard>
  );
}
