import { PATIENT_SEXES, type PatientSex } from "@shared/prescription";
import { hasDraftUnder, readDraft, removeDraft, writeDraft } from "@/lib/session-drafts";

/**
 * A prescription being written or prepared, kept in the tab over a reload. Only the form's own fields are read back,
 * each of its own type: a draft from an older page, or one edited by hand, cannot put anything else into the form
 * (and the form's schema checks it all again before it is issued).
 */
export interface PrescriptionDraft {
  patientSex?: PatientSex;
  weightKg?: number | null;
  diagnosis?: string;
  medicines?: Record<MedicineField, string>[];
  investigations?: string;
  advice?: string;
  followUpDate?: string;
}

const MEDICINE_FIELDS = ["genericName", "strength", "dose", "frequency", "duration", "instructions"] as const;
type MedicineField = (typeof MEDICINE_FIELDS)[number];
const TEXT_FIELDS = ["diagnosis", "investigations", "advice", "followUpDate"] as const;

/** A draft belongs to one appointment and to what it corrects ("new" for the first version). */
function keyOf(appointmentId: string, replaces: string | undefined): string {
  return `prescription:${appointmentId}:${replaces ?? "new"}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function medicineOf(value: unknown): Record<MedicineField, string> | null {
  if (!isRecord(value)) return null;
  const medicine = {} as Record<MedicineField, string>;
  for (const field of MEDICINE_FIELDS) medicine[field] = typeof value[field] === "string" ? value[field] : "";
  return medicine;
}

/** The form's fields of a stored draft, or null when there is none (or nothing of it is usable). */
export function draftFromStorage(raw: unknown): PrescriptionDraft | null {
  if (!isRecord(raw)) return null;
  const draft: PrescriptionDraft = {};
  const sex = raw.patientSex;
  if (typeof sex === "string" && (PATIENT_SEXES as readonly string[]).includes(sex))
    draft.patientSex = sex as PatientSex;
  if (raw.weightKg === null || (typeof raw.weightKg === "number" && Number.isFinite(raw.weightKg)))
    draft.weightKg = raw.weightKg;
  for (const field of TEXT_FIELDS) {
    const value = raw[field];
    if (typeof value === "string") draft[field] = value;
  }
  if (Array.isArray(raw.medicines))
    draft.medicines = raw.medicines.map(medicineOf).filter((medicine) => medicine !== null);
  return Object.keys(draft).length > 0 ? draft : null;
}

/** Whether a prescription of this appointment (a first one or a correction) is being written in this tab. */
export function hasPrescriptionDraft(appointmentId: string): boolean {
  return hasDraftUnder(`prescription:${appointmentId}:`);
}

export function readPrescriptionDraft(appointmentId: string, replaces: string | undefined) {
  return draftFromStorage(readDraft(keyOf(appointmentId, replaces)));
}

export function writePrescriptionDraft(appointmentId: string, replaces: string | undefined, values: unknown) {
  writeDraft(keyOf(appointmentId, replaces), values);
}

export function removePrescriptionDraft(appointmentId: string, replaces: string | undefined) {
  removeDraft(keyOf(appointmentId, replaces));
}
