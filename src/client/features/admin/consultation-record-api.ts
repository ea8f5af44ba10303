import type {
  AdminPrescriptions,
  ConsultationNotesView,
  IssuePrescription,
  PrescriptionTemplate,
  PrescriptionTemplateInput,
  PrescriptionTemplates,
  PrescriptionView,
} from "@shared/prescription";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest } from "@/lib/api";
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

/** Her prescription templates and favourite medicines: one read for every prescription form. */
export const templatesKey = ["admin", "prescription-templates"] as const;

export function prescriptionTemplatesQuery() {
  return queryOptions({
    queryKey: templatesKey,
    queryFn: () => apiGet<PrescriptionTemplates>("/api/admin/prescription-templates"),
    staleTime: 60_000,
  });
}

export function savePrescriptionTemplate(input: PrescriptionTemplateInput): Promise<PrescriptionTemplate> {
  return apiJson<PrescriptionTemplate>("PUT", "/api/admin/prescription-templates", input);
}

export async function deletePrescriptionTemplate(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/admin/prescription-templates/${encodeURIComponent(id)}`);
}

/** A report shown in place in the workspace (each view is written to the access log). */
export function reportViewUrl(appointmentId: string, uploadId: string): string {
  return `${base(appointmentId)}/uploads/${encodeURIComponent(uploadId)}?view=inline`;
}
