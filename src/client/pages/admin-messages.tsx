import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { NotificationsPanel } from "@/features/admin/notifications-panel";

/** /admin/messages: every e-mail and WhatsApp message the site sent or is sending, searchable. */
export default function AdminMessagesPage() {
  return (
    <AdminGuard>
      <AdminLayout
        title="Messages"
        current="messages"
        description="Every e-mail and WhatsApp message to parents and to you: sent, waiting, or failed and why."
      >
        <NotificationsPanel />
      </AdminLayout>
    </AdminGuard>
  );
}
