import { z } from "zod";
import { isValidIsoDate } from "./clinic-time";
import { isPlainText, isVisibleName } from "./text";

/**
 * The doctor's consultation notes and e-prescriptions. One schema checks the dashboard's form and the server's
 * request, with the same words. A prescription, once issued, never changes: a correction is a new version that
 * replaces the latest one (India's Telemedicine Practice Guidelines 2020 ask for a prescription the patient can
 * keep; IMC regulations ask for generic names, preferably in capitals).
 */

export const PRESCRIPTION_LIMITS = {
  medicines: 20,
  genericName: 100,
  strength: 60,
  dose: 60,
  frequency: 60,
  duration: 60,
  instructions: 200,
  diagnosis: 500,
  investigations: 1000,
  advice: 2000,
  notes: 20_000,
  /** Kilograms: a preterm baby to an adult. */
  weightMin: 0.3,
  weightMax: 250,
} as const;

/**
 * The booking form does not ask for the patient's sex; the prescription must show it, so the doctor states it in the
 * prescription form (after seeing the child), and each version keeps it.
 */
export const PATIENT_SEXES = ["female", "male", "other"] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];
export const PATIENT_SEX_LABELS: Record<PatientSex, string> = {
  female: "Female",
  male: "Male",
  other: "Other",
};

/** GET/PUT /api/admin/appointments/{id}/notes: the doctor's own notes, never sent to the parent. */
export const consultationNotesSchema = z.object({
  notes: z
    .string()
    .max(
      PRESCRIPTION_LIMITS.notes,
      `The notes must be at most ${PRESCRIPTION_LIMITS.notes.toLocaleString("en-IN")} characters`,
    ),
});
export type ConsultationNotesInput = z.infer<typeof consultationNotesSchema>;

export interface ConsultationNotesView {
  notes: string;
  /** When they were last saved (ISO); null when none were written yet. */
  updatedAt: string | null;
}

const MEDICINE_FIELDS = [
  { key: "genericName", max: PRESCRIPTION_LIMITS.genericName, missing: "enter the generic name" },
  {
    key: "strength",
    max: PRESCRIPTION_LIMITS.strength,
    missing: "enter the strength (such as 10 mg or 125 mg/5 ml)",
  },
  { key: "dose", max: PRESCRIPTION_LIMITS.dose, missing: "enter the dose (such as 1 tablet or 2.5 ml)" },
  { key: "frequency", max: PRESCRIPTION_LIMITS.frequency, missing: "enter how often (such as twice a day)" },
  { key: "duration", max: PRESCRIPTION_LIMITS.duration, missing: "enter for how long (such as 5 days)" },
  { key: "instructions", max: PRESCRIPTION_LIMITS.instructions, missing: null },
] as const;

/** Field names the doctor reads in messages: "generic name", "instructions". */
const MEDICINE_FIELD_WORDS: Record<(typeof MEDICINE_FIELDS)[number]["key"], string> = {
  genericName: "the generic name",
  strength: "the strength",
  dose: "the dose",
  frequency: "how often",
  duration: "for how long",
  instructions: "the instructions",
};

// A missing field is an empty one, so that the list's check below names the medicine and the field.
const medicineText = () => z.string().trim().default("");
const medicineSchema = z.object({
  // Generic names are written in capitals on the prescription, whatever was typed.
  genericName: medicineText().transform((value) => value.toUpperCase()),
  strength: medicineText(),
  dose: medicineText(),
  frequency: medicineText(),
  duration: medicineText(),
  instructions: medicineText(),
});

/**
 * Each medicine's required fields and lengths, checked on the list so that every message names the medicine
 * ("Medicine 2: enter the dose ..."): the API's message and the form's field both say which row is wrong.
 */
const medicinesSchema = z
  .array(medicineSchema)
  .max(PRESCRIPTION_LIMITS.medicines, `A prescription has at most ${PRESCRIPTION_LIMITS.medicines} medicines`)
  .superRefine((medicines, context) => {
    medicines.forEach((medicine, index) => {
      for (const field of MEDICINE_FIELDS) {
        const value = medicine[field.key];
        const message =
          value === "" && field.missing
            ? `Medicine ${index + 1}: ${field.missing}`
            : value.length > field.max
              ? `Medicine ${index + 1}: ${MEDICINE_FIELD_WORDS[field.key]} must be at most ${field.max} characters`
              : !isPlainText(value)
                ? `Medicine ${index + 1}: ${MEDICINE_FIELD_WORDS[field.key]} ${HIDDEN_CHARACTERS}`
                : undefined;
        if (message) context.addIssue({ code: "custom", path: [index, field.key], message });
      }
    });
  })
  // Advice or investigations alone are a prescription too (no medicine is needed after every consultation).
  .default([]);

/** Said of a field that holds control characters or invisible marks that reorder text. */
const HIDDEN_CHARACTERS = "must not contain control characters or invisible direction marks";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-IN")} characters`)
    .refine((value) => isPlainText(value, { multiline: true }), `${label} ${HIDDEN_CHARACTERS}`)
    .default("");

/** The follow-up date: empty for none, else a real date (YYYY-MM-DD); whether it is past is checked against today. */
const followUpDateSchema = z
  .string({ error: "Enter a real follow-up date (YYYY-MM-DD)" })
  .trim()
  // The form's own parse turns an empty date into null, and sends that: null is "no follow-up" too.
  .nullable()
  .default("")
  .refine(
    (value) => value === null || value === "" || isValidIsoDate(value),
    "Enter a real follow-up date (YYYY-MM-DD)",
  )
  .transform((value) => (value === null || value === "" ? null : value));

export const FOLLOW_UP_IN_PAST = "The follow-up date is in the past: choose today or a later date";

/** Said of a prescription with no medicine, no investigations and no advice: there would be nothing to send. */
const EMPTY_PRESCRIPTION =
  "The prescription is empty: add a medicine, or write the investigations or the advice";

/** What a prescription says, before the check that it says something. */
const prescriptionFields = z.object({
  patientSex: z.enum(PATIENT_SEXES, { error: "Choose the patient's sex" }),
  /** Kilograms; paediatric doses follow the weight, so the prescription may show it. */
  weightKg: z
    .number({ error: "Enter the weight in kilograms, such as 12.5" })
    .min(PRESCRIPTION_LIMITS.weightMin, "Enter the weight in kilograms, such as 12.5")
    .max(PRESCRIPTION_LIMITS.weightMax, "Enter the weight in kilograms, such as 12.5")
    .nullable()
    .default(null),
  diagnosis: z
    .string({ error: "Enter the provisional diagnosis" })
    .trim()
    .min(1, "Enter the provisional diagnosis")
    .max(
      PRESCRIPTION_LIMITS.diagnosis,
      `The diagnosis must be at most ${PRESCRIPTION_LIMITS.diagnosis} characters`,
    )
    .refine((value) => isPlainText(value, { multiline: true }), `The diagnosis ${HIDDEN_CHARACTERS}`),
  medicines: medicinesSchema,
  investigations: optionalText(PRESCRIPTION_LIMITS.investigations, "Investigations"),
  advice: optionalText(PRESCRIPTION_LIMITS.advice, "Advice"),
  followUpDate: followUpDateSchema,
});

/**
 * A prescription gives at least one medicine, investigations or advice; the message is put under the medicines,
 * where the form offers to add one.
 */
function refuseEmpty(
  content: Pick<z.output<typeof prescriptionFields>, "medicines" | "investigations" | "advice">,
  context: z.core.$RefinementCtx,
): void {
  if (content.medicines.length === 0 && content.investigations === "" && content.advice === "")
    context.addIssue({ code: "custom", path: ["medicines"], message: EMPTY_PRESCRIPTION });
}

/** What a prescription says: stored as issued, and printed on its PDF. */
export const prescriptionContentSchema = prescriptionFields.superRefine(refuseEmpty);
export type PrescriptionContent = z.output<typeof prescriptionContentSchema>;

/**
 * POST /api/admin/appointments/{id}/prescriptions: the first prescription, or with `replaces` (the latest version's
 * id) a correction of it.
 */
export const issuePrescriptionSchema = prescriptionFields
  .extend({
    replaces: z.uuid("The prescription to replace is not one of this consultation's").optional(),
  })
  .superRefine(refuseEmpty);
export type IssuePrescriptionInput = z.input<typeof issuePrescriptionSchema>;
export type IssuePrescription = z.output<typeof issuePrescriptionSchema>;

/** The same checks with today's date known (the clinic's, or the browser's in the form): no follow-up in the past. */
export function issuePrescriptionSchemaFor(today: string) {
  return issuePrescriptionSchema.superRefine((input, context) => {
    if (input.followUpDate !== null && input.followUpDate < today)
      context.addIssue({ code: "custom", path: ["followUpDate"], message: FOLLOW_UP_IN_PAST });
  });
}

/** One version of a prescription, as the dashboard shows it. */
export interface PrescriptionView {
  id: string;
  version: number;
  /** The version this one corrects, and its number; null for the first. */
  replacesId: string | null;
  replacesVersion: number | null;
  /** ISO. */
  issuedAt: string;
  /** A later version corrects this one. */
  superseded: boolean;
  content: PrescriptionContent;
}

/** GET /api/admin/appointments/{id}/prescriptions: every version, newest first, and whether one can be issued now. */
export interface AdminPrescriptions {
  prescriptions: PrescriptionView[];
  /**
   * False with the reason while the appointment cannot get a prescription (not paid, cancelled, not started yet...);
   * `from` (ISO) is when it becomes possible, while the only reason is that the consultation has not started.
   */
  issuable: { allowed: boolean; message?: string; from?: string };
}

/** GET /api/manage/{token}/prescriptions: what the parent can download. */
export interface ParentPrescription {
  id: string;
  version: number;
  replacesVersion: number | null;
  issuedAt: string;
  superseded: boolean;
}
export interface ParentPrescriptions {
  prescriptions: ParentPrescription[];
}

/** One medicine as a prescription lists it. */
export type PrescribedMedicine = PrescriptionContent["medicines"][number];

/** The most templates the doctor keeps; past it she deletes one first. */
export const PRESCRIPTION_TEMPLATE_LIMIT = 100;

export const TEMPLATE_EMPTY =
  "The template is empty: add a medicine, or write the investigations or the advice";

/**
 * PUT /api/admin/prescription-templates: the doctor's own template, saved under its name (one of the same name is
 * replaced). It fills the form's diagnosis, medicines, investigations and advice; the patient's sex, weight and
 * follow-up are always the consultation's own.
 */
export const prescriptionTemplateSchema = z
  .object({
    // In one Unicode form, so that a name typed two ways ("Café" with an accent or an accent mark) is one name.
    name: z
      .string({ error: "Name the template" })
      .trim()
      .min(1, "Name the template")
      .max(80, "The template's name must be at most 80 characters")
      .transform((value) => value.normalize("NFC"))
      .refine(
        (value) => isVisibleName(value),
        "Name the template with letters or digits, without invisible characters",
      ),
    diagnosis: optionalText(PRESCRIPTION_LIMITS.diagnosis, "The diagnosis"),
    medicines: medicinesSchema,
    investigations: optionalText(PRESCRIPTION_LIMITS.investigations, "Investigations"),
    advice: optionalText(PRESCRIPTION_LIMITS.advice, "Advice"),
  })
  .superRefine((template, context) => {
    if (template.medicines.length === 0 && template.investigations === "" && template.advice === "")
      context.addIssue({ code: "custom", path: ["medicines"], message: TEMPLATE_EMPTY });
  });
export type PrescriptionTemplateInput = z.input<typeof prescriptionTemplateSchema>;
export type PrescriptionTemplateContent = Omit<z.output<typeof prescriptionTemplateSchema>, "name">;

export interface PrescriptionTemplate {
  id: string;
  name: string;
  content: PrescriptionTemplateContent;
  updatedAt: string;
}

/**
 * GET /api/admin/prescription-templates: her templates by name, and her favourite medicines: those she prescribed
 * most often, each as she last wrote it, for the form to suggest.
 */
export interface PrescriptionTemplates {
  templates: PrescriptionTemplate[];
  favourites: PrescribedMedicine[];
}
