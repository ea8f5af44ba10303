import type { PatientSummary } from "@shared/patients";
import { phoneForDisplay } from "@shared/phone";
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Users } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { formatShortDate } from "@/lib/format";
import { patientsQuery } from "./patients-api";
import { SearchBox } from "./search-box";
import { ListSection } from "./section-title";

/** The address of a patient's record page. */
function patientPath(key: string): string {
  return `/admin/patients?patient=${encodeURIComponent(key)}`;
}

/**
 * Patients: every child (or adult patient) with a paid booking, grouped by name and the phone the parent booked
 * with, the most recent first; searchable by the child's or the parent's name or by the phone.
 */
export function PatientsPanel() {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const patients = useQuery(patientsQuery(query, page));
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft);
    setPage(1);
  };

  return (
    <ListSection
      id="patients-title"
      icon={Users}
      title="Patients"
      before={
        <form role="search" onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <SearchBox id="patient-search" label="Search by name or phone" value={draft} onChange={setDraft} />
        </form>
      }
      query={patients}
      what="patients"
      isEmpty={(data) => data.patients.length === 0}
      empty={query ? `No patient matches "${query}".` : "No patient has a paid booking yet."}
      after={
        patients.data && (page > 1 || patients.data.hasMore) ? (
          <nav aria-label="Patient pages" className="flex justify-between gap-3">
            <Button type="button" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!patients.data.hasMore}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        ) : null
      }
    >
      {(data) => (
        <ul className="divide-y divide-slate-100" aria-label="Patients">
          {data.patients.map((patient) => (
            <PatientRow key={patient.key} patient={patient} />
          ))}
        </ul>
      )}
    </ListSection>
  );
}

function PatientRow({ patient }: { patient: PatientSummary }) {
  return (
    <li>
      <Link
        href={patientPath(patient.key)}
        className="flex items-center justify-between gap-3 p-4 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-6"
      >
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium text-slate-900">{patient.patientName}</span>
          <span className="text-sm text-slate-700">
            {patient.guardianName ? `${patient.guardianName} · ` : ""}
            {phoneForDisplay(patient.phone)} · {patient.consultations}{" "}
            {patient.consultations === 1 ? "consultation" : "consultations"}, latest{" "}
            {formatShortDate(patient.lastDate)}
          </span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </Link>
    </li>
  );
}
