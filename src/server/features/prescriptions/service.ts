import { readFile } from "node:fs/promises";
import { z } from "zod";
import { bookingIdOf } from "@shared/booking";
import { GUARDIAN_RELATIONSHIPS, type GuardianRelationship } from "@shared/consent";
import { DEFAULT_LANGUAGE, isLanguage } from "@shared/i18n/languages";
import { clinicToday, timeZoneLabel } from "@shared/clinic-time";
import {
  type AdminPrescriptions,
  type ConsultationNotesView,
  FOLLOW_UP_IN_PAST,
  type IssuePrescription,
  PATIENT_SEX_LABELS,
  type ParentPrescriptions,
  type PrescriptionView,
} from "@shared/prescription";
import { appointmentInterval } from "@shared/schedule";
import type { SiteProfile } from "@shared/site-profile";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { HttpError } from "../../http/errors";
import { formatWhenLong } from "../../integrations/messaging/format-appointment";
import { messageWords, type MessageWords } from "../../integrations/messaging/message-words";
import { type PrescriptionPdfData, renderPrescriptionPdf } from "../../integrations/pdf/prescription-pdf";
import { appointmentIdForToken, INVALID_LINK_MESSAGE } from "../../core/appointments/manage-links";
import * as appointments from "../../core/appointments/repository";
import type { AppointmentRow } from "../../core/appointments/repository";
import { enqueue } from "../../core/outbox/repository";
import {
  hasPlaceholderRegistration,
  PLACEHOLDER_REGISTRATION_MESSAGE,
  signatureImageFile,
} from "../../core/site-profile/profile";
import { siteAddress } from "../../core/appointments/message-data";
import { prescriptionFollowUpLink } from "../follow-ups/service";
import { readSiteImage, SIGNATURE_IMAGE } from "../../core/site-images/repository";
import { UNDECIDED_MESSAGE } from "../appointments/service";
import * as repository from "./repository";

// The doctor's templates and favourite medicines have a file of their own; routes reach them through this service.
export { deletePrescriptionTemplate, prescriptionTemplateList, savePrescriptionTemplate } from "./templates";
import type { PrescriptionRow } from "./repository";

/**
 * The doctor's consultation notes and e-prescriptions. A prescription is issued once and never changed; a correction
 * is the next version, which names the one it replaces. Issuing queues the PDF to the parent by e-mail and WhatsApp
 * in the same transaction; the PDF is made from the stored version and the doctor's profile whenever it is needed.
 */
export interface PrescriptionContext {
  db: Db;
  config: Config;
  profile: SiteProfile;
  now: Date;
}

export interface PrescriptionFile {
  filename: string;
  pdf: Buffer;
  prescription: PrescriptionRow;
  /** The version this one corrects; null for the first. */
  replacesVersion: number | null;
}

const NOT_FOUND = "Appointment not found";
const PRESCRIPTION_NOT_FOUND = "Prescription not found";

// ---------------------------------------------------------------------------------------------------------------
// Reads other features use (the data export): no access checks, no logging; the caller does both.

/** The appointment's notes; empty when none were written. */
export async function notesOf(db: Db, appointmentId: string): Promise<ConsultationNotesView> {
  const row = await repository.findNotes(db, appointmentId);
  return { notes: row?.notes ?? "", updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** Every version of the appointment's prescription, newest first. */
export async function prescriptionsOf(db: Db, appointmentId: string): Promise<PrescriptionView[]> {
  const rows = await repository.prescriptionsOfAppointment(db, appointmentId);
  return rows.map((row) => toView(row, rows)).reverse();
}

/** The PDF of one prescription version, made now from the stored version and the profile; undefined if unknown. */
export async function prescriptionPdf(
  db: Db,
  config: Config,
  profile: SiteProfile,
  prescriptionId: string,
): Promise<PrescriptionFile | undefined> {
  if (!isUuid(prescriptionId)) return undefined;
  const prescription = await repository.findPrescription(db, prescriptionId);
  const appointment = prescription
    ? await appointments.findAppointment(db, prescription.appointmentId)
    : undefined;
  if (!prescription || !appointment) return undefined;
  return renderFile(db, config, profile, appointment, prescription);
}

// ---------------------------------------------------------------------------------------------------------------
// The doctor's dashboard

/** GET /api/admin/appointments/{id}/notes */
export async function notesForDoctor(ctx: PrescriptionContext, appointmentId: string) {
  await knownAppointment(ctx.db, appointmentId);
  return notesOf(ctx.db, appointmentId);
}

/** PUT /api/admin/appointments/{id}/notes: the notes as written now; any appointment may have them. */
export async function saveNotesForDoctor(
  ctx: PrescriptionContext,
  appointmentId: string,
  notes: string,
): Promise<ConsultationNotesView> {
  await knownAppointment(ctx.db, appointmentId);
  const saved = await repository.saveNotes(ctx.db, appointmentId, notes, ctx.now);
  return { notes: saved?.notes ?? notes, updatedAt: (saved?.updatedAt ?? ctx.now).toISOString() };
}

/** GET /api/admin/appointments/{id}/prescriptions */
export async function prescriptionsForDoctor(
  ctx: PrescriptionContext,
  appointmentId: string,
): Promise<AdminPrescriptions> {
  const appointment = await knownAppointment(ctx.db, appointmentId);
  return {
    prescriptions: await prescriptionsOf(ctx.db, appointmentId),
    issuable: issuability(ctx, appointment),
  };
}

/**
 * POST /api/admin/appointments/{id}/prescriptions: the first version, or a correction of the latest one. The
 * appointment's row is locked while the next version number is chosen, so two issues at once cannot make the same
 * version (the unique index on appointment and version is the last guard); the messages to the parent are queued in
 * the same transaction.
 */
export async function issuePrescription(
  ctx: PrescriptionContext,
  appointmentId: string,
  input: IssuePrescription,
): Promise<PrescriptionView> {
  checkFollowUpDate(ctx, input.followUpDate);
  checkRegistration(ctx.config, ctx.profile);
  await knownAppointment(ctx.db, appointmentId);
  const { replaces, ...content } = input;
  try {
    const issued = await ctx.db.transaction(async (tx) => {
      const appointment = await appointments.lockAppointment(tx, appointmentId);
      if (!appointment) throw new HttpError(404, NOT_FOUND);
      const { allowed, message } = issuability(ctx, appointment);
      if (!allowed)
        throw new HttpError(409, message ?? "No prescription can be issued for this appointment.");
      const latest = await repository.latestPrescription(tx, appointmentId);
      checkReplaces(latest, replaces);
      const row = await repository.insertPrescription(tx, {
        appointmentId,
        version: (latest?.version ?? 0) + 1,
        replacesId: latest?.id ?? null,
        content,
        issuedAt: ctx.now,
      });
      await enqueuePrescriptionMessages(tx, appointmentId, row.version, ctx.now);
      return row;
    });
    return toView(issued, await repository.prescriptionsOfAppointment(ctx.db, appointmentId));
  } catch (error) {
    if (isUniqueViolation(error, "prescriptions_version_idx"))
      throw new HttpError(409, "Another version was issued at the same moment. Reload and check it first.");
    throw error;
  }
}

/** GET /api/admin/appointments/{id}/prescriptions/{prescriptionId}/pdf */
export async function prescriptionPdfForDoctor(
  ctx: PrescriptionContext,
  appointmentId: string,
  prescriptionId: string,
): Promise<PrescriptionFile> {
  const file = await prescriptionPdf(ctx.db, ctx.config, ctx.profile, prescriptionId);
  if (!file || file.prescription.appointmentId !== appointmentId)
    throw new HttpError(404, PRESCRIPTION_NOT_FOUND);
  return file;
}

// ---------------------------------------------------------------------------------------------------------------
// The parent's manage link

/** GET /api/manage/{token}/prescriptions: the versions the parent can download, newest first. */
export async function prescriptionsForParent(db: Db, token: string): Promise<ParentPrescriptions> {
  const appointmentId = await appointmentOfToken(db, token);
  const prescriptions = await prescriptionsOf(db, appointmentId);
  return {
    prescriptions: prescriptions.map(({ id, version, replacesVersion, issuedAt, superseded }) => ({
      id,
      version,
      replacesVersion,
      issuedAt,
      superseded,
    })),
  };
}

/** GET /api/manage/{token}/prescriptions/{prescriptionId}/pdf: only a prescription of the link's own booking. */
export async function prescriptionPdfForParent(
  ctx: PrescriptionContext,
  token: string,
  prescriptionId: string,
): Promise<PrescriptionFile> {
  const appointmentId = await appointmentOfToken(ctx.db, token);
  return prescriptionPdfForDoctor(ctx, appointmentId, prescriptionId);
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

const KIND_PREFIX = "prescription_v";

/** The outbox kind of a version's messages: one e-mail and one WhatsApp message per version. */
function prescriptionMessageKind(version: number): string {
  return `${KIND_PREFIX}${version}`;
}

/** The version a message kind sends, or undefined for any other kind. */
export function prescriptionVersionOfKind(kind: string): number | undefined {
  const match = /^prescription_v(\d+)$/.exec(kind);
  return match ? Number(match[1]) : undefined;
}

async function enqueuePrescriptionMessages(
  db: Db,
  appointmentId: string,
  version: number,
  now: Date,
): Promise<void> {
  const kind = prescriptionMessageKind(version);
  await enqueue(
    db,
    (["email", "whatsapp"] as const).map((channel) => ({
      appointmentId,
      kind,
      channel,
      recipient: "patient",
      dueAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** What a prescription message carries: the PDF and which version it is; undefined when the version is gone. */
export async function prescriptionForMessage(
  db: Db,
  config: Config,
  profile: SiteProfile,
  appointment: AppointmentRow,
  version: number,
): Promise<PrescriptionFile | undefined> {
  const prescription = await repository.findPrescriptionVersion(db, appointment.id, version);
  return prescription ? renderFile(db, config, profile, appointment, prescription) : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Rules

/**
 * A prescription follows a consultation that took place or is taking place: paid, confirmed or completed, and its
 * start time come (the PDF is dated the day it is issued, and the messages say it was written after the video
 * consultation). An erased record gets none (its parent's contact details are gone).
 */
function issuability(
  ctx: Pick<PrescriptionContext, "config" | "now">,
  row: AppointmentRow,
): AdminPrescriptions["issuable"] {
  if (row.anonymisedAt)
    return {
      allowed: false,
      message: "This patient's personal data was erased: no prescription can be issued.",
    };
  if (row.paidAt === null)
    return { allowed: false, message: "A prescription can be issued once the consultation is paid." };
  if (row.status === "cancelled")
    return { allowed: false, message: "This consultation was cancelled: no prescription can be issued." };
  if (row.status === "no_show")
    return {
      allowed: false,
      message: "The patient did not attend this consultation: no prescription can be issued.",
    };
  if (row.status !== "confirmed" && row.status !== "completed")
    return { allowed: false, message: "A prescription can be issued for a confirmed consultation only." };
  if (row.status === "confirmed" && row.doctorUnavailableSince)
    return { allowed: false, message: UNDECIDED_MESSAGE };
  const { timeZone } = ctx.config.booking;
  const { startsAt } = appointmentInterval(row, timeZone);
  if (ctx.now < startsAt) {
    const at = formatWhenLong(startsAt, timeZone, timeZoneLabel(timeZone, startsAt));
    return {
      allowed: false,
      message: `A prescription can be issued once the consultation has started, from ${at}.`,
      from: startsAt.toISOString(),
    };
  }
  return { allowed: true };
}

/**
 * The first version replaces nothing; every later one must name the latest version, so a second click or a second
 * tab cannot issue a duplicate, and a correction cannot be based on a version already corrected.
 */
function checkReplaces(latest: PrescriptionRow | undefined, replaces: string | undefined): void {
  if (!latest && replaces)
    throw new HttpError(409, "There is no prescription to correct yet: issue the first one instead.");
  if (latest && !replaces)
    throw new HttpError(
      409,
      `Version ${latest.version} of this prescription has already been issued. To change it, issue a correction that replaces version ${latest.version}.`,
    );
  if (latest && replaces !== latest.id)
    throw new HttpError(
      409,
      `A correction must replace the latest version, which is version ${latest.version}. Reload to see it.`,
    );
}

function checkFollowUpDate(ctx: PrescriptionContext, followUpDate: string | null): void {
  if (followUpDate === null) return;
  if (followUpDate < clinicToday(ctx.now, ctx.config.booking.timeZone))
    throw new HttpError(
      400,
      FOLLOW_UP_IN_PAST,
      {},
      { issues: [{ path: "followUpDate", message: FOLLOW_UP_IN_PAST }] },
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function isUuid(value: string): boolean {
  return z.uuid().safeParse(value).success;
}

/** The appointment, or a 404 for an unknown id or one that is no appointment id at all. */
async function knownAppointment(db: Db, id: string): Promise<AppointmentRow> {
  const row = isUuid(id) ? await appointments.findAppointment(db, id) : undefined;
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

async function appointmentOfToken(db: Db, token: string): Promise<string> {
  const id = await appointmentIdForToken(db, token);
  if (!id) throw new HttpError(404, INVALID_LINK_MESSAGE);
  return id;
}

function toView(row: PrescriptionRow, all: PrescriptionRow[]): PrescriptionView {
  const replaced = row.replacesId ? all.find((other) => other.id === row.replacesId) : undefined;
  return {
    id: row.id,
    version: row.version,
    replacesId: row.replacesId,
    replacesVersion: replaced?.version ?? null,
    issuedAt: row.issuedAt.toISOString(),
    superseded: all.some((other) => other.replacesId === row.id),
    content: row.content,
  };
}

/** A prescription carries the doctor's registration: in production, never the sample's. */
function checkRegistration(config: Config, profile: SiteProfile): void {
  if (config.isProduction && hasPlaceholderRegistration(profile))
    throw new HttpError(409, PLACEHOLDER_REGISTRATION_MESSAGE);
}

async function renderFile(
  db: Db,
  config: Config,
  profile: SiteProfile,
  appointment: AppointmentRow,
  prescription: PrescriptionRow,
): Promise<PrescriptionFile> {
  checkRegistration(config, profile);
  const replaced = prescription.replacesId
    ? await repository.findPrescription(db, prescription.replacesId)
    : undefined;
  const data = await pdfData(db, config, profile, appointment, prescription, replaced);
  return {
    filename: `prescription-${bookingIdOf(appointment.id)}-v${prescription.version}.pdf`,
    pdf: await renderPrescriptionPdf(data),
    prescription,
    replacesVersion: replaced?.version ?? null,
  };
}

async function pdfData(
  db: Db,
  config: Config,
  profile: SiteProfile,
  appointment: AppointmentRow,
  prescription: PrescriptionRow,
  replaced: PrescriptionRow | undefined,
): Promise<PrescriptionPdfData> {
  const { timeZone } = config.booking;
  const { content } = prescription;
  const signature = await signatureOf(db, config, profile);
  const words = messageWords(isLanguage(appointment.language) ? appointment.language : DEFAULT_LANGUAGE);
  return {
    language: words.language,
    timeZone,
    timeZoneLabel: timeZoneLabel(timeZone, prescription.issuedAt),
    doctor: {
      name: profile.doctor.name,
      qualifications: profile.doctor.qualifications.join(", "),
      registrationNumber: profile.doctor.registration.number,
      council: profile.doctor.registration.council,
      address: profile.contact.location,
      email: profile.contact.email,
      phone: profile.contact.phone,
      ...(signature ? { signature } : {}),
    },
    patient: {
      name: appointment.patientName,
      age: ageInWords(words, appointment.patientAge, appointment.patientAgeMonths),
      // Stored words are read back as they are, should a row ever hold one this version does not know.
      sex: Object.hasOwn(PATIENT_SEX_LABELS, content.patientSex)
        ? words.t(`prescription.sex.${content.patientSex}`)
        : String(content.patientSex),
      weightKg: content.weightKg,
      parent: appointment.guardianName
        ? {
            name: appointment.guardianName,
            relationship: relationshipInWords(words, appointment.guardianRelationship),
          }
        : null,
    },
    bookingId: bookingIdOf(appointment.id),
    consultationAt: appointmentInterval(appointment, timeZone).startsAt,
    issuedAt: prescription.issuedAt,
    version: prescription.version,
    replaces: replaced ? { version: replaced.version, issuedAt: replaced.issuedAt } : null,
    diagnosis: content.diagnosis,
    medicines: content.medicines,
    investigations: content.investigations,
    advice: content.advice,
    followUpDate: content.followUpDate,
    followUpBooking: await followUpBookingLine(db, config, appointment),
  };
}

/** "6 years", "5 months", "under 1 month", in the prescription's language. */
function ageInWords(words: MessageWords, years: number, months: number | null): string {
  if (years === 0 && months !== null) {
    return months === 0
      ? words.t("prescription.age.underOneMonth")
      : words.t("prescription.age.months", { count: months });
  }
  return words.t("prescription.age.years", { count: years });
}

/** The relationship the parent chose when booking, in the prescription's language (as stored, when unknown). */
function relationshipInWords(words: MessageWords, relationship: string | null): string | null {
  if (relationship === null) return null;
  return (GUARDIAN_RELATIONSHIPS as readonly string[]).includes(relationship)
    ? words.t(`relationship.${relationship as GuardianRelationship}`)
    : relationship;
}

/** The "book a follow-up" line, while the doctor offers follow-ups at their own fee. */
async function followUpBookingLine(
  db: Db,
  config: Config,
  appointment: AppointmentRow,
): Promise<PrescriptionPdfData["followUpBooking"]> {
  const link = await prescriptionFollowUpLink(db, config, siteAddress(config), appointment);
  if (!link) return null;
  return { url: link.url, fee: link.rule.fee, withinDays: link.rule.withinDays };
}

/**
 * The signature the doctor uploaded in Settings, else the image the profile file names (checked at start, so a
 * failure reading it is the server's, not the request's).
 */
async function signatureOf(db: Db, config: Config, profile: SiteProfile): Promise<Buffer | undefined> {
  const uploaded = await readSiteImage(db, SIGNATURE_IMAGE);
  if (uploaded) return uploaded.bytes;
  const file = signatureImageFile(profile, config.siteProfileFile, config.dataDir);
  return file ? readFile(file) : undefined;
}
