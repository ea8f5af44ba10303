import { useParams } from "wouter";
import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { ConsultationWorkspace } from "@/features/admin/consultation-workspace";

/** /admin/appointments/{id}: the consultation workspace, the call with the child's record beside it. */
export default function AdminAppointmentPage() {
  const id = useParams<{ id: string }>().id ?? "";
  return (
    <AdminGuard>
      <AdminLayout
        title="Consultation"
        current="today"
        description="The call, with the child's record, reports, notes and prescription beside it."
      >
        <ConsultationWorkspace appointmentId={id} />
      </AdminLayout>
    </AdminGuard>
  );
}
