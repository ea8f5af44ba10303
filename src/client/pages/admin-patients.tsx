import { useSearch } from "wouter";
import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { ErasureRequests } from "@/features/admin/erasure-requests";
import { PatientRecordView } from "@/features/admin/patient-record";
import { PatientsPanel } from "@/features/admin/patients-panel";

/** /admin/patients: the patient list and erasure requests; ?patient={key} opens one patient's record. */
export default function AdminPatientsPage() {
  const patientKey = new URLSearchParams(useSearch()).get("patient");
  return (
    <AdminGuard>
      <AdminLayout
        title={patientKey ? "Patient Record" : "Patients"}
        current="patients"
        description={
          patientKey
            ? "Every consultation of this patient, with consent, payment, notes, prescriptions and reports."
            : "Each child's consultations, grouped by name and the phone the parent booked with."
        }
      >
        {patientKey ? (
          <PatientRecordView patientKey={patientKey} />
        ) : (
          <>
            <PatientsPanel />
            <ErasureRequests />
          </>
        )}
      </AdminLayout>
    </AdminGuard>
  );
}
