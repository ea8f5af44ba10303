import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { firstRowWhere, rowsOfAppointmentOldestFirst } from "../../db/rows";
import { reportUploads } from "../../db/schema";

export type ReportUploadRow = typeof reportUploads.$inferSelect;
export type NewReportUploadRow = typeof reportUploads.$inferInsert;

/** An appointment's uploads, oldest first: the order the parent added them. */
export async function uploadsOf(db: Db, appointmentId: string): Promise<ReportUploadRow[]> {
  return rowsOfAppointmentOldestFirst(db, reportUploads, appointmentId, [
    reportUploads.uploadedAt,
    reportUploads.id,
  ]);
}

export async function countUploads(db: Db, appointmentId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(reportUploads)
    .where(eq(reportUploads.appointmentId, appointmentId));
  return Number(rows[0]?.n ?? 0);
}

/** How many reports each of these appointments has; an appointment without any is left out. */
export async function countUploadsOf(db: Db, appointmentIds: string[]): Promise<Map<string, number>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await db
    .select({ appointmentId: reportUploads.appointmentId, n: count() })
    .from(reportUploads)
    .where(inArray(reportUploads.appointmentId, appointmentIds))
    .groupBy(reportUploads.appointmentId);
  return new Map(rows.map((row) => [row.appointmentId, Number(row.n)]));
}

export async function insertUpload(db: Db, row: NewReportUploadRow): Promise<ReportUploadRow> {
  const [inserted] = await db.insert(reportUploads).values(row).returning();
  if (!inserted) throw new Error("The upload's row was not inserted");
  return inserted;
}

/** The upload with this id, only if it belongs to this appointment. */
export async function findUpload(
  db: Db,
  appointmentId: string,
  uploadId: string,
): Promise<ReportUploadRow | undefined> {
  return firstRowWhere(
    db,
    reportUploads,
    and(eq(reportUploads.id, uploadId), eq(reportUploads.appointmentId, appointmentId)),
  );
}

export async function deleteUpload(db: Db, uploadId: string): Promise<ReportUploadRow | undefined> {
  const [deleted] = await db.delete(reportUploads).where(eq(reportUploads.id, uploadId)).returning();
  return deleted;
}

/** Which of these storage keys an upload refers to. */
export async function referencedStorageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: reportUploads.storageKey })
    .from(reportUploads)
    .where(inArray(reportUploads.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}

export async function deleteUploads(db: Db, uploadIds: string[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await db.delete(reportUploads).where(inArray(reportUploads.id, uploadIds));
}
