import { PATIENT_SEXES } from "@shared/prescription";
import { z } from "zod";
import { hasDraftUnder, readDraft, removeDraft, writeDraft } from "@/lib/session-drafts";

/**
 * A prescription being written or prepared, kept in the tab over a reload. Only the form's own fields are read back,
 * each of its own type (a field of another type is left out): a draft from an older page, or one edited by hand,
 * cannot put anything else into the form, and the form's schema checks it all again before it is issued.
 */
const text = z.string().optional().catch(undefined);
const medicineText = z.string().catch("");
const draftSchema = z
  .object({
    patientSex: z.enum(PATIENT_SEXES).optional().catch(undefined),
    weightKg: z.number().nullable().optional().catch(undefined),
    diagnosis: text,
    medicines: z
      .array(
        z.object({
          genericName: medicineText,
          strength: medicineText,
          dose: medicineText,
          frequency: medicineText,
          duration: medicineText,
          instructions: medicineText,
        }),
      )
      .optional()
      .catch(undefined),
    investigations: text,
    advice: text,
    followUpDate: text,
  })
  // Strict fields, not strict keys: anything else in the draft is dropped.
  .strip();
export type PrescriptionDraft = z.output<typeof draftSchema>;

const PREFIX = "prescription:";

/** A draft belongs to one appointment and to what it corrects ("new" for the first version). */
function keyOf(appointmentId: string, replaces: string | undefined): string {
  return `${PREFIX}${appointmentId}:${replaces ?? "new"}`;
}

/** The form's fields of a stored draft, or null when there is none (or nothing of it is usable). */
export function draftFromStorage(raw: unknown): PrescriptionDraft | null {
  const parsed = draftSchema.safeParse(raw);
  if (!parsed.success) return null;
  const draft = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  return Object.keys(draft).length > 0 ? draft : null;
}

/** Whether a prescription of this appointment (a first one or a correction) is being written in this tab. */
export function hasPrescriptionDraft(appointmentId: string): boolean {
  return hasDraftUnder(`${PREFIX}${appointmentId}:`);
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
