import type { AdminReportUploads } from "@shared/uploads";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

const base = (appointmentId: string) =>
  `/api/admin/appointments/${encodeURIComponent(appointmentId)}/uploads`;

/**
 * The reports a parent uploaded for an appointment. Under ["admin"] like every dashboard read, so signing out drops
 * it. Asked again each time the details open (a parent may upload minutes before the call), never behind the
 * doctor's back: each answer is a read of patient data the server writes to the access log.
 */
export function adminReportUploadsQuery(appointmentId: string) {
  return queryOptions({
    queryKey: ["admin", "uploads", appointmentId] as const,
    queryFn: () => apiGet<AdminReportUploads>(base(appointmentId)),
    staleTime: 0,
  });
}

/** Where the browser downloads a file; the session cookie goes with the same-site link. */
export function adminReportDownloadUrl(appointmentId: string, uploadId: string): string {
  return `${base(appointmentId)}/${encodeURIComponent(uploadId)}`;
}
