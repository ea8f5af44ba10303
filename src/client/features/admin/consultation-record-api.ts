import type {
  AdminPrescriptions,
  ConsultationNotesView,
  IssuePrescription,
  PrescriptionView,
} from "@shared/prescription";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api";
import { adminKeys } from "./api";

/** The consultation record of an appointment: under the appointment's own key, so signing out drops it too. */
export const consultationRecordKeys = {
  notes: (id: string) => [...adminKeys.appointmentDetails(id), "notes"] as const,
  prescriptions: (id: string) => [...adminKeys.appointmentDetails(id), "prescriptions"] as const,
};

const base = (id: string) => `/api/admin/appointments/${encodeURIComponent(id)}`;

export function notesQuery(id: string) {
  return queryOptions({
    queryKey: consultationRecordKeys.notes(id),
    queryFn: () => apiGet<ConsultationNotesView>(`${base(id)}/notes`),
  });
}

export function saveNotes(id: string, notes: string): Promise<ConsultationNotesView> {
  return apiJson<ConsultationNotesView>("PUT", `${base(id)}/notes`, { notes });
}

export function prescriptionsQuery(id: string) {
  return queryOptions({
    queryKey: consultationRecordKeys.prescriptions(id),
    queryFn: () => apiGet<AdminPrescriptions>(`${base(id)}/prescriptions`),
  });
}

export function issuePrescription(id: string, input: IssuePrescription): Promise<PrescriptionView> {
  return apiJson<PrescriptionView>("POST", `${base(id)}/prescriptions`, input);
}

export function prescriptionPdfUrl(id: string, prescriptionId: string): string {
  return `${base(id)}/prescriptions/${encodeURIComponent(prescriptionId)}/pdf`;
}
