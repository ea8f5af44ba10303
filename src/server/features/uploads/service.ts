import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import {
  type AdminReportUploads,
  cleanFileName,
  MAX_REPORT_FILES,
  type ParentReportUploads,
  type ReportUpload,
  UPLOAD_MESSAGES,
} from "@shared/uploads";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import type { InFlightLimit } from "../../http/in-flight";
import { isGeneratedKey, newStorageKey } from "../../integrations/record-store/keys";
import {
  type OpenedRecord,
  RecordNotFoundError,
  type RecordStore,
} from "../../integrations/record-store/record-store";
import { appointmentIdForToken, INVALID_LINK_MESSAGE } from "../../core/appointments/manage-links";
import * as appointments from "../../core/appointments/repository";
import type { AppointmentRow } from "../../core/appointments/repository";
import { logAccess, PARENT_LINK } from "../../core/access-log/access-log";
import { roomWindow } from "../video/service";
import { detectReportType, SNIFF_BYTES } from "./file-type";
import { type IncomingFile, readHead, replayed } from "./incoming-file";
import * as uploads from "./repository";
import type { ReportUploadRow } from "./repository";

/**
 * Reports a parent uploads from the manage link before the consultation, read by the doctor in the dashboard.
 *
 * - Only a paid, confirmed booking whose record is not erased takes files, until its video room closes; at most
 *   MAX_REPORT_FILES each. The cap is checked again on the locked appointment row when a file is recorded, so
 *   uploads sent at once cannot pass it together.
 * - The type comes from the file's first bytes. A file is stored whole under a random key before its row is
 *   written; if anything fails after that, the file is removed, so no file is kept without its row.
 * - The parent may remove a file until the consultation starts; after that it is part of the consultation's record.
 * - Every read by the doctor, and every download, upload and removal through the parent's link, is written to the
 *   access log after it succeeded.
 */
export interface UploadsContext {
  db: Db;
  config: Config;
  store: RecordStore;
  log: FastifyBaseLogger;
  now: Date;
}

/** A stored file on its way to a browser. */
export interface DownloadFile {
  stream: Readable;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** Called once the download has ended, whichever way: frees its place among the booking's downloads. */
  release?: () => void;
}

/**
 * How long one upload may take, instead of REQUEST_TIMEOUT_SECONDS: 10 MB at about 100 kbit/s (a weak mobile
 * signal) in all, and at most a minute without a byte arriving.
 */
export const UPLOAD_TIME = { totalMs: 15 * 60_000, idleMs: 60_000 };

/**
 * A stored file no upload refers to is removed once it was last written this long ago: twice the longest upload,
 * so an upload still writing its file, or about to write its row, is never caught, even with the bucket's clock
 * some minutes off this machine's.
 */
const ORPHAN_AGE_MS = 2 * UPLOAD_TIME.totalMs;

function isUuid(value: string): boolean {
  return z.uuid().safeParse(value).success;
}

function toView(row: ReportUploadRow): ReportUpload {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The rules

/** Why this booking takes no file now (shown instead of the file input), or null when it does. */
function uploadClosedReason(ctx: UploadsContext, row: AppointmentRow): string | null {
  if (row.anonymisedAt) return UPLOAD_MESSAGES.erased;
  if (row.status === "pending_payment") return UPLOAD_MESSAGES.awaitingPayment;
  if (row.status === "cancelled") return UPLOAD_MESSAGES.cancelled;
  if (row.status === "completed" || row.status === "no_show") return UPLOAD_MESSAGES.over;
  if (row.status !== "confirmed" || row.paymentStatus !== "paid") return UPLOAD_MESSAGES.notConfirmed;
  if (ctx.now > roomWindow(row, ctx.config).closesAt) return UPLOAD_MESSAGES.over;
  return null;
}

/** Until the consultation starts; afterwards the doctor may have relied on the file. */
function canRemove(ctx: UploadsContext, row: AppointmentRow): boolean {
  return row.anonymisedAt === null && ctx.now < roomWindow(row, ctx.config).startsAt;
}

function fullMessage(ctx: UploadsContext, row: AppointmentRow): string {
  return canRemove(ctx, row) ? UPLOAD_MESSAGES.tooMany : UPLOAD_MESSAGES.full;
}

async function appointmentOfLink(ctx: UploadsContext, token: string): Promise<AppointmentRow> {
  const id = await appointmentIdForToken(ctx.db, token);
  const row = id ? await appointments.findAppointment(ctx.db, id) : undefined;
  if (!row) throw new HttpError(404, INVALID_LINK_MESSAGE);
  return row;
}

async function uploadOf(db: Db, appointmentId: string, uploadId: string): Promise<ReportUploadRow> {
  const row = isUuid(uploadId) ? await uploads.findUpload(db, appointmentId, uploadId) : undefined;
  if (!row) throw new HttpError(404, UPLOAD_MESSAGES.notFound);
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// The parent's link

async function parentView(ctx: UploadsContext, row: AppointmentRow): Promise<ParentReportUploads> {
  const rows = await uploads.uploadsOf(ctx.db, row.id);
  const closed =
    uploadClosedReason(ctx, row) ?? (rows.length >= MAX_REPORT_FILES ? fullMessage(ctx, row) : null);
  return {
    uploads: rows.map(toView),
    canUpload: closed === null,
    closedMessage: closed,
    canRemove: canRemove(ctx, row),
  };
}

/** GET /api/manage/{token}/uploads */
export async function parentUploads(ctx: UploadsContext, token: string): Promise<ParentReportUploads> {
  return parentView(ctx, await appointmentOfLink(ctx, token));
}

/**
 * Before a byte of the file is read: the link opens a booking that takes a file now. Answers the appointment's id.
 * Only a first look; `receiveUpload` decides again on the locked row.
 */
export async function admitUpload(ctx: UploadsContext, token: string): Promise<string> {
  const row = await appointmentOfLink(ctx, token);
  const closed = uploadClosedReason(ctx, row);
  if (closed) throw new HttpError(409, closed);
  if ((await uploads.countUploads(ctx.db, row.id)) >= MAX_REPORT_FILES)
    throw new HttpError(409, fullMessage(ctx, row));
  return row.id;
}

/**
 * POST /api/manage/{token}/uploads: reads the file's first bytes for its type (415 for anything but a report),
 * stores the whole file under a new random key, then records it. A file too large (413), cut off (400), too slow
 * (408) or refused when recorded (409) leaves nothing stored.
 */
export async function receiveUpload(
  ctx: UploadsContext,
  appointmentId: string,
  file: IncomingFile,
): Promise<ReportUpload> {
  const head = await readHead(file.stream, SNIFF_BYTES);
  if (head.bytes.length === 0) throw refuse(file, 400, UPLOAD_MESSAGES.empty);
  const contentType = await detectReportType(head.bytes);
  if (!contentType) throw refuse(file, 415, UPLOAD_MESSAGES.wrongType);

  const storageKey = newStorageKey();
  const body = replayed(head, file.stream);
  try {
    await ctx.store.put(storageKey, body.stream, contentType);
    const row = await recordUpload(ctx, appointmentId, {
      appointmentId,
      storageKey,
      fileName: cleanFileName(file.name, contentType),
      contentType,
      sizeBytes: body.bytes(),
      uploadedAt: ctx.now,
    });
    return toView(row);
  } catch (error) {
    await discardFile(ctx, storageKey);
    throw error;
  }
}

/** Stops reading a file that is refused from its first bytes; the answer goes out without waiting for the rest. */
function refuse(file: IncomingFile, status: number, message: string): HttpError {
  file.stream.destroy();
  return new HttpError(status, message);
}

/** The row of a stored file, written on the locked appointment row after the rules are checked again. */
async function recordUpload(
  ctx: UploadsContext,
  appointmentId: string,
  row: uploads.NewReportUploadRow,
): Promise<ReportUploadRow> {
  return ctx.db.transaction(async (tx) => {
    const appointment = await appointments.lockAppointment(tx, appointmentId);
    if (!appointment) throw new HttpError(404, INVALID_LINK_MESSAGE);
    const closed = uploadClosedReason(ctx, appointment);
    if (closed) throw new HttpError(409, closed);
    if ((await uploads.countUploads(tx, appointmentId)) >= MAX_REPORT_FILES)
      throw new HttpError(409, fullMessage(ctx, appointment));
    const inserted = await uploads.insertUpload(tx, row);
    await logAccess(
      tx,
      PARENT_LINK,
      {
        action: "change",
        recordType: "upload",
        recordId: inserted.id,
        detail: "uploaded through the parent's link",
      },
      ctx.now,
    );
    return inserted;
  });
}

/**
 * GET /api/manage/{token}/uploads/{uploadId}: only a file of the booking this link opens, and no more of them at
 * once than `inFlight` allows the booking (a 429 before the file is opened or the download logged).
 */
export async function downloadForParent(
  ctx: UploadsContext,
  token: string,
  uploadId: string,
  inFlight: InFlightLimit,
): Promise<DownloadFile> {
  const appointment = await appointmentOfLink(ctx, token);
  const row = await uploadOf(ctx.db, appointment.id, uploadId);
  const release = inFlight.start(appointment.id);
  try {
    const file = await openAndLog(ctx, row, PARENT_LINK, {
      action: "download",
      detail: "downloaded through the parent's link",
    });
    return { ...file, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** DELETE /api/manage/{token}/uploads/{uploadId}: until the consultation starts. */
export async function removeByParent(
  ctx: UploadsContext,
  token: string,
  uploadId: string,
): Promise<ParentReportUploads> {
  const appointment = await appointmentOfLink(ctx, token);
  const removed = await ctx.db.transaction(async (tx) => {
    const locked = (await appointments.lockAppointment(tx, appointment.id)) ?? appointment;
    const row = await uploadOf(tx, locked.id, uploadId);
    if (!canRemove(ctx, locked)) throw new HttpError(409, UPLOAD_MESSAGES.removeClosed);
    await uploads.deleteUpload(tx, row.id);
    await logAccess(
      tx,
      PARENT_LINK,
      {
        action: "change",
        recordType: "upload",
        recordId: row.id,
        detail: "removed through the parent's link",
      },
      ctx.now,
    );
    return row;
  });
  // After the row is gone: a file whose removal fails is an orphan the retention check finds, never a listed file
  // that cannot be opened.
  await discardFile(ctx, removed.storageKey);
  return parentView(ctx, appointment);
}

// ---------------------------------------------------------------------------------------------------------------
// The doctor's dashboard

async function knownAppointment(ctx: UploadsContext, appointmentId: string): Promise<AppointmentRow> {
  const row = isUuid(appointmentId) ? await appointments.findAppointment(ctx.db, appointmentId) : undefined;
  if (!row) throw new HttpError(404, "Appointment not found");
  return row;
}

/** GET /api/admin/appointments/{id}/uploads; `session` is who reads, for the access log. */
export async function uploadsForDoctor(
  ctx: UploadsContext,
  appointmentId: string,
  session: string,
): Promise<AdminReportUploads> {
  const appointment = await knownAppointment(ctx, appointmentId);
  const rows = await uploads.uploadsOf(ctx.db, appointment.id);
  await logAccess(
    ctx.db,
    session,
    {
      action: "view",
      recordType: "upload",
      recordId: appointment.id,
      detail: `listed the uploaded reports (${rows.length})`,
    },
    ctx.now,
  );
  return { uploads: rows.map(toView) };
}

/** GET /api/admin/appointments/{id}/uploads/{uploadId} */
export async function downloadForDoctor(
  ctx: UploadsContext,
  appointmentId: string,
  uploadId: string,
  session: string,
  view: "download" | "inline" = "download",
): Promise<DownloadFile> {
  const appointment = await knownAppointment(ctx, appointmentId);
  const row = await uploadOf(ctx.db, appointment.id, uploadId);
  // Viewed in the workspace is a look at the report, not a copy of it taken away: a "view" row.
  return openAndLog(
    ctx,
    row,
    session,
    view === "inline"
      ? { action: "view", detail: "viewed in place" }
      : { action: "download", detail: "downloaded" },
  );
}

/** Opens the stored file, then logs the read; a file missing from the store is a 404 and a warning. */
async function openAndLog(
  ctx: UploadsContext,
  row: ReportUploadRow,
  session: string,
  { action, detail }: { action: "view" | "download"; detail: string },
): Promise<DownloadFile> {
  let stream: Readable;
  try {
    stream = await openUpload(ctx.store, row);
  } catch (error) {
    if (!(error instanceof RecordNotFoundError)) throw error;
    ctx.log.warn({ uploadId: row.id }, "an uploaded report's file is missing from the record store");
    throw new HttpError(404, UPLOAD_MESSAGES.notFound);
  }
  try {
    await logAccess(ctx.db, session, { action, recordType: "upload", recordId: row.id, detail }, ctx.now);
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return { stream, fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes };
}

// ---------------------------------------------------------------------------------------------------------------
// For other parts of the product (the patient record, erasure, retention)

/** An appointment's uploads, oldest first. Writes no access-log row: the caller logs its own read. */
/** How many reports each of these appointments has (none: left out), for the doctor's day. */
export function uploadCounts(db: Db, appointmentIds: string[]): Promise<Map<string, number>> {
  return uploads.countUploadsOf(db, appointmentIds);
}

export function listUploads(db: Db, appointmentId: string): Promise<ReportUploadRow[]> {
  return uploads.uploadsOf(db, appointmentId);
}

/** The stored file of an upload; RecordNotFoundError when the store holds nothing under its key. */
function openUpload(store: RecordStore, row: ReportUploadRow): Promise<Readable> {
  return store.get(row.storageKey);
}

/**
 * The stored file of an upload, opened now to be read later (the data export opens every report before it sends a
 * byte); RecordNotFoundError when the store holds nothing under its key.
 */
export function holdUpload(store: RecordStore, row: ReportUploadRow): Promise<OpenedRecord> {
  return store.open(row.storageKey);
}

/**
 * Deletes an appointment's uploads, files first, then their rows; answers how many. If a file cannot be deleted,
 * it throws before any row is removed, so running it again finishes the work (deleting a missing file is no error).
 * Call it outside a transaction that could still roll back: files do not come back.
 */
export async function removeAllUploads(db: Db, store: RecordStore, appointmentId: string): Promise<number> {
  const rows = await uploads.uploadsOf(db, appointmentId);
  for (const row of rows) await store.delete(row.storageKey);
  await uploads.deleteUploads(
    db,
    rows.map((row) => row.id),
  );
  return rows.length;
}

/**
 * The daily check that no report file outlives its record: a process killed during an upload leaves its temporary
 * file, or a whole file whose row was never written, and erasure (which deletes by row) never finds them. Removes
 * temporary files and the site's stored files that no upload refers to, last written more than ORPHAN_AGE_MS before
 * `now`. A file an upload refers to is never removed, however old.
 */
export async function removeOrphanedFiles(
  db: Db,
  store: RecordStore,
  now: Date,
): Promise<{ temporary: number; unreferenced: number }> {
  const before = new Date(now.getTime() - ORPHAN_AGE_MS);
  const temporary = await store.removeAbandoned(before);
  let unreferenced = 0;
  let batch: string[] = [];
  const removeUnreferenced = async () => {
    const referenced = await uploads.referencedStorageKeys(db, batch);
    const orphans = batch.filter((key) => !referenced.has(key));
    for (const key of orphans) await store.delete(key);
    unreferenced += orphans.length;
    batch = [];
  };
  for await (const file of store.list()) {
    if (!isGeneratedKey(file.key) || file.modifiedAt >= before) continue;
    batch.push(file.key);
    if (batch.length >= ORPHAN_BATCH) await removeUnreferenced();
  }
  if (batch.length > 0) await removeUnreferenced();
  return { temporary, unreferenced };
}

/** Keys looked up in the database at once. */
const ORPHAN_BATCH = 500;

async function discardFile(ctx: UploadsContext, storageKey: string): Promise<void> {
  try {
    await ctx.store.delete(storageKey);
  } catch (error) {
    ctx.log.error(
      { err: error, storageKey },
      "a stored report could not be removed; the retention check will",
    );
  }
}

export type { ReportUploadRow };
