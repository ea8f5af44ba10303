import type { AdminAppointment } from "./admin";
import type { RefundView } from "./manage";
import type { PrescriptionContent } from "./prescription";

/**
 * The doctor's patient records and the parent's data rights. A patient is a child (or adult patient) with the phone
 * the bookings were made with; `key` names it without carrying the name or the number.
 */

/** GET /api/admin/patients?q=&page= */
export interface PatientSummary {
  key: string;
  patientName: string;
  guardianName: string | null;
  phone: string;
  email: string;
  consultations: number;
  /** The date of the latest booking (YYYY-MM-DD). */
  lastDate: string;
}

export interface PatientList {
  patients: PatientSummary[];
  page: number;
  hasMore: boolean;
}

export interface ConsentView {
  version: string;
  /** The language of the wording agreed to ("en", "hi", "kn"). */
  language: string;
  teleconsultation: string;
  privacy: string;
  givenBy: string;
  givenAt: string;
}

/** One consultation in the patient's record. */
export interface ConsultationRecordView {
  appointment: AdminAppointment;
  consents: ConsentView[];
  refunds: RefundView[];
  notes: string | null;
  prescriptions: {
    id: string;
    version: number;
    issuedAt: string;
    replacesVersion: number | null;
    /**
     * What it says, for the doctor to read beside the call without opening the PDF; the child's next prescription
     * starts from its sex, and shows its weight as a hint.
     */
    content: PrescriptionContent;
  }[];
  uploads: { id: string; fileName: string; contentType: string; sizeBytes: number; uploadedAt: string }[];
}

/** GET /api/admin/patients/{key} */
export interface PatientRecord {
  key: string;
  patientName: string;
  guardianName: string | null;
  phone: string;
  email: string;
  consultations: ConsultationRecordView[];
}

/**
 * What the access log shows (`?show=`): every row; only changes, downloads, exports and erasures (no mere views);
 * or only what was done through a parent's link.
 */
export const ACCESS_LOG_VIEWS = ["all", "changes", "parent"] as const;
export type AccessLogView = (typeof ACCESS_LOG_VIEWS)[number];

/** GET /api/admin/access-log */
export interface AccessLogEntry {
  id: string;
  at: string;
  action: string;
  recordType: string;
  recordId: string;
  detail: string;
  session: string;
  /**
   * The child the row is about, in the doctor's words ("Aarav Sharma, booking 1a2b3c4d"; "Erased" once erased);
   * null for a list or a record that no longer exists.
   */
  subject: { patientName: string; bookingId: string } | null;
}

export interface AccessLogPage {
  entries: AccessLogEntry[];
  /** Pass as `before` for the next, older page; null when there is none. */
  next: string | null;
}

export type ErasureStatus = "pending" | "completed";

/** GET /api/admin/erasure-requests */
export interface ErasureRequestView {
  id: string;
  appointmentId: string;
  bookingId: string;
  /** The patient's name while it is held; "Erased" afterwards. */
  patientName: string;
  appointmentDate: string;
  status: ErasureStatus;
  requestedAt: string;
  completedAt: string | null;
  outcome: string | null;
}

/** GET /api/manage/{token}/data-rights */
export interface DataRightsView {
  /** Whether the parent can download the record now (not once it is erased). */
  exportAvailable: boolean;
  erasure: {
    /** none: no request; pending: waiting for the doctor; completed: done (the outcome says what was kept). */
    state: "none" | ErasureStatus;
    /** Whether a request can be made now, and why not. */
    allowed: boolean;
    reason: string | null;
    requestedAt: string | null;
    completedAt: string | null;
    outcome: string | null;
  };
}

/** What erasure removes and what the law keeps, as the parent and the doctor read it before and after. */
export const ERASURE_EXPLAINED =
  "Erasure removes your child's and your name, phone number and e-mail address from every record, deletes the reports you uploaded, and deletes the messages you sent through the contact form that name this booking's reference (to have other messages erased, write to the clinic). The law requires the doctor to keep the consultation record and prescriptions for at least 3 years and payment records for tax purposes: these are kept without any name or contact details.";

/** The same, as the doctor reads it before confirming a parent's request. */
export const ERASURE_EXPLAINED_TO_DOCTOR =
  "Erasure removes the child's and the parent's name, phone number and e-mail address from every record, deletes the reports the parent uploaded, and deletes the contact-form messages that name this booking's reference. The law requires you to keep the consultation record and prescriptions for at least 3 years and payment records for tax purposes: these are kept without any name or contact details.";

/** Why erasure cannot be asked for now, as the manage API says it. */
export const ERASURE_REFUSALS = {
  erased: "This record has already been erased.",
  received: "Your request has been received; the doctor will confirm it.",
  notYet:
    "The consultation has not taken place yet. Cancel it first, or ask for erasure after the consultation.",
} as const;

export const ERASURE_DONE =
  "Erased: names, phone number and e-mail address were removed from every record and uploaded reports were deleted. The consultation record, prescriptions and payment amounts are kept without names or contact details, as the law requires.";
