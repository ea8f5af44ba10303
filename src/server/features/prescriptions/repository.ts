import { and, asc, desc, eq } from "drizzle-orm";
import type { PrescriptionContent } from "@shared/prescription";
import type { Db } from "../../db/client";
import { firstRowWhere } from "../../db/rows";
import { consultationNotes, prescriptions } from "../../db/schema";

type PrescriptionRecord = typeof prescriptions.$inferSelect;

/** A stored prescription; `content` was checked by the shared schema before it was written, and is never changed. */
export type PrescriptionRow = Omit<PrescriptionRecord, "content"> & { content: PrescriptionContent };

const asPrescription = (row: PrescriptionRecord): PrescriptionRow => ({
  ...row,
  content: row.content as PrescriptionContent,
});

export async function findNotes(db: Db, appointmentId: string) {
  return firstRowWhere(db, consultationNotes, eq(consultationNotes.appointmentId, appointmentId));
}

/** Saves the notes as written now, replacing the last save. */
export async function saveNotes(db: Db, appointmentId: string, notes: string, now: Date) {
  const [row] = await db
    .insert(consultationNotes)
    .values({ appointmentId, notes, updatedAt: now })
    .onConflictDoUpdate({ target: consultationNotes.appointmentId, set: { notes, updatedAt: now } })
    .returning();
  return row;
}

/** Every version of an appointment's prescription, first version first. */
export async function prescriptionsOfAppointment(db: Db, appointmentId: string): Promise<PrescriptionRow[]> {
  const rows = await db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.appointmentId, appointmentId))
    .orderBy(asc(prescriptions.version));
  return rows.map(asPrescription);
}

export async function latestPrescription(
  db: Db,
  appointmentId: string,
): Promise<PrescriptionRow | undefined> {
  const rows = await db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.appointmentId, appointmentId))
    .orderBy(desc(prescriptions.version))
    .limit(1);
  return rows[0] ? asPrescription(rows[0]) : undefined;
}

export async function findPrescription(db: Db, id: string): Promise<PrescriptionRow | undefined> {
  const row = await firstRowWhere(db, prescriptions, eq(prescriptions.id, id));
  return row ? asPrescription(row) : undefined;
}

export async function findPrescriptionVersion(
  db: Db,
  appointmentId: string,
  version: number,
): Promise<PrescriptionRow | undefined> {
  const row = await firstRowWhere(
    db,
    prescriptions,
    and(eq(prescriptions.appointmentId, appointmentId), eq(prescriptions.version, version)),
  );
  return row ? asPrescription(row) : undefined;
}

/** Adds a version; rows are only ever inserted, never updated. */
export async function insertPrescription(
  db: Db,
  row: {
    appointmentId: string;
    version: number;
    replacesId: string | null;
    content: PrescriptionContent;
    issuedAt: Date;
  },
): Promise<PrescriptionRow> {
  const [inserted] = await db.insert(prescriptions).values(row).returning();
  if (!inserted) throw new Error("The prescription was not stored");
  return asPrescription(inserted);
}
