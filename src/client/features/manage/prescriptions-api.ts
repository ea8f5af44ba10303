import type { ParentPrescriptions } from "@shared/prescription";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

/** The prescriptions of the booking behind a manage link. */
export function parentPrescriptionsQuery(token: string) {
  return queryOptions({
    queryKey: ["manage", token, "prescriptions"] as const,
    queryFn: () => apiGet<ParentPrescriptions>(`/api/manage/${encodeURIComponent(token)}/prescriptions`),
    retry: false,
  });
}

export function parentPrescriptionPdfUrl(token: string, prescriptionId: string): string {
  return `/api/manage/${encodeURIComponent(token)}/prescriptions/${encodeURIComponent(prescriptionId)}/pdf`;
}
