import { readdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { subYears } from "date-fns";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { bookingIdOf } from "@shared/booking";
import { clinicDate } from "@shared/clinic-time";
import {
  type AccessLogPage,
  type AccessLogView,
  type DataRightsView,
  ERASURE_DONE,
  ERASURE_REFUSALS,
  type ErasureRequestView,
  type PatientList,
  type PatientRecord,
} from "@shared/patients";
import { appointmentInterval } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { RecordStore } from "../../integrations/record-store/record-store";
import { toAdminAppointment } from "../../core/appointments/admin-view";
import { type AppointmentRow, lockAppointment } from "../../core/appointments/repository";
import { refundViewsOf } from "../../core/appointments/refund-records";
import { notesOf, prescriptionsOf } from "../prescriptions/service";
import { listUploads, removeAllUploads } from "../uploads/service";
import * as patients from "./repository";
import { accessLogPage } from "../../core/access-log/access-log";
import { isUuid } from "../../db/uuid";

export interface PatientsContext {
  db: Db;
  config: Config;
  store: RecordStore;
  log: FastifyBaseLogger;
  now: Date;
  siteUrl: string;
}

const PATIENTS_PAGE_SIZE = 50;

/** GET /api/admin/patients: patients with a held record, searchable by the child's or parent's name or the phone. */
export async function listPatients(ctx: PatientsContext, query: string, page: number): Promise<PatientList> {
  const rows = await patients.listPatients(
    ctx.db,
    query,
    PATIENTS_PAGE_SIZE + 1,
    (page - 1) * PATIENTS_PAGE_SIZE,
  );
  return { patients: rows.slice(0, PATIENTS_PAGE_SIZE), page, hasMore: rows.length > PATIENTS_PAGE_SIZE };
}

const patientKeyPattern = /^[0-9a-f]{24}$/;

/** GET /api/admin/patients/{key}: every consultation of the patient with its record. */
export async function patientRecord(ctx: PatientsContext, key: string): Promise<PatientRecord> {
  const rows = patientKeyPattern.test(key) ? await patients.appointmentsOfPatient(ctx.db, key) : [];
  const latest = rows[0];
  if (!latest) throw new HttpError(404, "Patient not found");
  const consultations = await Promise.all(rows.map((row) => consultationRecord(ctx, row)));
  return {
    key,
    patientName: latest.patientName,
    guardianName: latest.guardianName,
    phone: latest.patientPhone,
    email: latest.patientEmail,
    consultations,
  };
}

/**
 * GET /api/admin/appointments/{id}/patient-record: the record of the patient an appointment is for, as the
 * consultation workspace shows it beside the call (a booking not paid yet has no record: 404).
 */
export async function patientRecordOfAppointment(
  ctx: PatientsContext,
  appointmentId: string,
): Promise<PatientRecord> {
  const key = isUuid(appointmentId) ? await patients.patientKeyOfAppointment(ctx.db, appointmentId) : null;
  if (!key) throw new HttpError(404, "Patient not found");
  return patientRecord(ctx, key);
}

async function consultationRecord(ctx: PatientsContext, row: AppointmentRow) {
  const [consents, refunds, parts] = await Promise.all([
    patients.consentsOf(ctx.db, row.id),
    refundViewsOf(ctx.db, row.id),
    recordParts(ctx, row.id),
  ]);
  return {
    appointment: toAdminAppointment(row, ctx.siteUrl, {
      now: ctx.now,
      timeZone: ctx.config.booking.timeZone,
    }),
    consents: consents.map((consent) => ({ ...consent, givenAt: consent.givenAt.toISOString() })),
    refunds,
    ...parts,
  };
}

/** The notes, prescriptions and uploads of a consultation, as the patient record lists them. */
async function recordParts(ctx: PatientsContext, appointmentId: string) {
  const [notes, issued, uploads] = await Promise.all([
    notesOf(ctx.db, appointmentId),
    prescriptionsOf(ctx.db, appointmentId),
    listUploads(ctx.db, appointmentId),
  ]);
  return {
    notes: notes.notes || null,
    prescriptions: issued.map(({ id, version, issuedAt, replacesVersion, content }) => ({
      id,
      version,
      issuedAt,
      replacesVersion,
      content,
    })),
    uploads: uploads.map(({ id, fileName, contentType, sizeBytes, uploadedAt }) => ({
      id,
      fileName,
      contentType,
      sizeBytes,
      uploadedAt: uploadedAt.toISOString(),
    })),
  };
}

/** The erasure state of the booking a manage link opens, and whether a request can be made now. */
export async function dataRights(ctx: PatientsContext, row: AppointmentRow): Promise<DataRightsView> {
  const [latest] = await patients.erasureRequestsOf(ctx.db, row.id);
  const refusal = erasureRefusal(ctx, row, latest?.status === "pending");
  return {
    exportAvailable: row.anonymisedAt === null,
    erasure: {
      state: row.anonymisedAt
        ? "completed"
        : (latest?.status as "pending" | undefined) === "pending"
          ? "pending"
          : "none",
      allowed: refusal === null,
      reason: refusal,
      requestedAt: latest?.requestedAt.toISOString() ?? null,
      completedAt: row.anonymisedAt?.toISOString() ?? null,
      outcome: row.anonymisedAt ? ERASURE_DONE : null,
    },
  };
}

/**
 * Why erasure cannot be asked for now, or null. An upcoming consultation needs the parent's contact details to take
 * place: it is cancelled first, or the request is made after it.
 */
function erasureRefusal(ctx: PatientsContext, row: AppointmentRow, pending: boolean): string | null {
  if (row.anonymisedAt) return ERASURE_REFUSALS.erased;
  if (pending) return ERASURE_REFUSALS.received;
  const upcoming =
    row.status === "confirmed" &&
    appointmentInterval(row, ctx.config.booking.timeZone).endsAt.getTime() > ctx.now.getTime();
  if (upcoming) return ERASURE_REFUSALS.notYet;
  return null;
}

/** POST /api/manage/{token}/erasure: records the parent's request (once; a second answers the same request). */
export async function requestErasure(ctx: PatientsContext, row: AppointmentRow): Promise<DataRightsView> {
  const pending = (await patients.erasureRequestsOf(ctx.db, row.id)).some(
    (request) => request.status === "pending",
  );
  if (!pending) {
    const refusal = erasureRefusal(ctx, row, false);
    if (refusal) throw new HttpError(409, refusal);
    await patients.insertErasureRequest(ctx.db, row.id, ctx.now);
  }
  return dataRights(ctx, row);
}

/** GET /api/admin/erasure-requests */
export async function erasureRequestList(ctx: PatientsContext): Promise<{ requests: ErasureRequestView[] }> {
  const rows = await patients.listErasureRequests(ctx.db, 200);
  return {
    requests: rows.map((row) => ({
      id: row.id,
      appointmentId: row.appointmentId,
      bookingId: bookingIdOf(row.appointmentId),
      patientName: row.patientName,
      appointmentDate: row.appointmentDate,
      status: row.status as ErasureRequestView["status"],
      requestedAt: row.requestedAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      outcome: row.outcome,
    })),
  };
}

/** POST /api/admin/erasure-requests/{id}/confirm: the doctor confirms; the booking's personal data is erased. */
export async function confirmErasure(ctx: PatientsContext, requestId: string): Promise<ErasureRequestView> {
  // Confirming twice, or at once from two tabs, is safe: the erasure locks the appointment and does nothing to one
  // already erased.
  const request = z.uuid().safeParse(requestId).success
    ? await patients.findErasureRequest(ctx.db, requestId)
    : undefined;
  if (!request) throw new HttpError(404, "Erasure request not found");
  await eraseAppointment(ctx, request.appointmentId);
  const view = (await erasureRequestList(ctx)).requests.find((item) => item.id === requestId);
  if (!view) throw new HttpError(404, "Erasure request not found");
  return view;
}

/**
 * Erases a booking's personal data: the parent's request once the doctor confirms it, or the retention job. In one
 * transaction the rows are anonymised and the requests completed; then the uploaded files and any message files the
 * site wrote for the booking are deleted. Running it twice changes nothing more.
 */
async function eraseAppointment(ctx: PatientsContext, appointmentId: string): Promise<boolean> {
  const erased = await ctx.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, appointmentId);
    if (!row || row.anonymisedAt) return undefined;
    const result = await patients.anonymiseAppointment(tx, row, redactorFor(row), ctx.now);
    await patients.completeErasureRequests(tx, row.id, ERASURE_DONE, ctx.now);
    return result;
  });
  // Files go after the commit (they cannot be rolled back); a removal that fails is finished by the retention job.
  await removeAllUploads(ctx.db, ctx.store, appointmentId);
  if (!erased) return false;
  await removeMessageFiles(ctx.config, erased.outboxIds);
  return true;
}

/**
 * Messages the site wrote as files (when a channel is not configured) carry the parent's details; their names end
 * with the outbox row's id.
 */
async function removeMessageFiles(config: Config, outboxIds: string[]): Promise<void> {
  if (outboxIds.length === 0) return;
  const dir = join(resolve(config.dataDir), "outbox");
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set(outboxIds);
  await Promise.all(
    names
      .filter((name) => [...ids].some((id) => name.includes(id)))
      .map((name) => rm(join(dir, name), { force: true })),
  );
}

/**
 * Replaces the booking's identities in free text: the e-mail, the phone however it is written (spaces, dashes or
 * dots between digits, with or without +91 or 0 in front), the names whole and each of their words (notes say
 * "Zoya", not "Zoya Qureshi"). Longer identities go first, so an e-mail is replaced whole before any name in it.
 */
export function redactorFor(row: AppointmentRow): patients.Redact {
  const names = [row.patientName, row.guardianName].filter((name): name is string => Boolean(name?.trim()));
  const nameWords = names.flatMap((name) => name.split(/[\s.,'-]+/u)).filter((word) => word.length >= 2);
  const byLength = (a: string, b: string) => b.length - a.length;
  const alternatives = [
    ...(row.patientEmail.trim().length >= 3 ? [escapeRegExp(row.patientEmail.trim())] : []),
    ...phonePatterns(row.patientPhone),
    ...[...new Set([...names, ...nameWords].map((value) => value.trim()))]
      .sort(byLength)
      .map((value) => `(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`),
  ];
  if (alternatives.length === 0) return (text) => text;
  const pattern = new RegExp(alternatives.join("|"), "giu");
  return (text) => text.replace(pattern, "[erased]");
}

/**
 * The phone's national number (its last 10 digits, or all of them when shorter) as a pattern that allows any
 * spaces, dashes, dots or brackets between the digits and an optional country code or leading 0 in front.
 */
function phonePatterns(phone: string): string[] {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return [];
  const national = digits.length > 10 ? digits.slice(-10) : digits;
  const country = digits.length > 10 ? digits.slice(0, -10) : "";
  const separated = national.split("").join("[\\s().-]*");
  const prefix = `(?:\\+?${country ? escapeRegExp(country) : "\\d{1,3}"}[\\s().-]*|0)?`;
  return [`(?<!\\d)${prefix}${separated}(?!\\d)`];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The retention job: bookings whose consultation was more than RECORD_RETENTION_YEARS ago are erased like a
 * parent's request (uploads deleted, the record anonymised). A batch at a time, so one run never holds the
 * database long.
 */
export async function applyRetention(ctx: PatientsContext): Promise<number> {
  const cutoff = clinicDate(
    subYears(ctx.now, ctx.config.records.retentionYears),
    ctx.config.booking.timeZone,
  );
  for (const id of await patients.anonymisedWithUploads(ctx.db))
    await removeAllUploads(ctx.db, ctx.store, id);
  let erased = 0;
  for (;;) {
    const ids = await patients.appointmentsPastRetention(ctx.db, cutoff, 100);
    if (ids.length === 0) return erased;
    for (const id of ids) if (await eraseAppointment(ctx, id)) erased += 1;
  }
}

/**
 * GET /api/admin/access-log: a page of the log, each row with the child it is about, so the doctor reads names and
 * booking ids where the log keeps record ids.
 */
export async function accessLogWithSubjects(
  ctx: PatientsContext,
  before: string | undefined,
  show: AccessLogView | undefined,
): Promise<AccessLogPage> {
  const page = await accessLogPage(ctx.db, before, show);
  const subjects = await patients.loggedRecordSubjects(ctx.db, page.entries);
  return {
    ...page,
    entries: page.entries.map((entry) => ({
      ...entry,
      subject: subjects.get(`${entry.recordType}:${entry.recordId}`) ?? null,
    })),
  };
}
