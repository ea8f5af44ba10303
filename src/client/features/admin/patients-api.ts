import type {
  AccessLogPage,
  AccessLogView,
  ErasureRequestView,
  PatientList,
  PatientRecord,
} from "@shared/patients";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api";

/** Under ["admin"] like every dashboard read, so signing out drops them with the rest. */
const patientKeys = {
  list: (q: string, page: number) => ["admin", "patients", q, page] as const,
  record: (key: string) => ["admin", "patient", key] as const,
  accessLog: (before: string | null, show: AccessLogView) => ["admin", "access-log", show, before] as const,
  erasureRequests: ["admin", "erasure-requests"] as const,
};

export function patientsQuery(q: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (q.trim()) params.set("q", q.trim());
  return queryOptions({
    queryKey: patientKeys.list(q.trim(), page),
    queryFn: () => apiGet<PatientList>(`/api/admin/patients?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function patientRecordQuery(key: string) {
  return queryOptions({
    queryKey: patientKeys.record(key),
    queryFn: () => apiGet<PatientRecord>(`/api/admin/patients/${encodeURIComponent(key)}`),
    retry: false,
  });
}

export function accessLogQuery(before: string | null, show: AccessLogView) {
  const params = new URLSearchParams();
  if (show !== "all") params.set("show", show);
  if (before) params.set("before", before);
  const search = params.toString();
  return queryOptions({
    queryKey: patientKeys.accessLog(before, show),
    queryFn: () => apiGet<AccessLogPage>(`/api/admin/access-log${search ? `?${search}` : ""}`),
  });
}

export function erasureRequestsQuery() {
  return queryOptions({
    queryKey: patientKeys.erasureRequests,
    queryFn: () => apiGet<{ requests: ErasureRequestView[] }>("/api/admin/erasure-requests"),
  });
}

export function confirmErasure(id: string): Promise<ErasureRequestView> {
  return apiJson<ErasureRequestView>(
    "POST",
    `/api/admin/erasure-requests/${encodeURIComponent(id)}/confirm`,
    {},
  );
}

/** The doctor's downloads of a consultation's files (the session cookie goes with a plain link). */
export function uploadDownloadUrl(appointmentId: string, uploadId: string): string {
  return `/api/admin/appointments/${encodeURIComponent(appointmentId)}/uploads/${encodeURIComponent(uploadId)}`;
}

export function prescriptionPdfUrl(appointmentId: string, prescriptionId: string): string {
  return `/api/admin/appointments/${encodeURIComponent(appointmentId)}/prescriptions/${encodeURIComponent(prescriptionId)}/pdf`;
}
