import { and, desc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { bookingIdOf } from "@shared/booking";
import type { ConsentView, PatientSummary } from "@shared/patients";
import type { Db } from "../../db/client";
import { firstRowWhere } from "../../db/rows";
import {
  appointments,
  consentTexts,
  consents,
  consultationNotes,
  contactMessages,
  domainEvents,
  erasureRequests,
  outboxMessages,
  prescriptions,
  refunds,
  reportUploads,
  simulatorOrders,
} from "../../db/schema";
import type { AppointmentRow } from "../../core/appointments/repository";
import { isUuid } from "../../db/uuid";

/**
 * The phone in one form, however it was stored: bookings keep E.164 ("+919845012345"); earlier ones kept what was
 * typed ("98450 12345", "098450-12345", "+91 98450 12345"). An Indian number written without its country code gets
 * it, as the booking form reads it; a number with "+" keeps its digits; anything else stays as it is.
 */
const phoneDigits = sql`regexp_replace(${appointments.patientPhone}, '\\D', '', 'g')`;
const normalisedPhone = sql<string>`(case
  when btrim(${appointments.patientPhone}) like '+%' then '+' || ${phoneDigits}
  when length(${phoneDigits}) = 10 then '+91' || ${phoneDigits}
  when length(${phoneDigits}) = 11 and ${phoneDigits} like '0%' then '+91' || substr(${phoneDigits}, 2)
  when length(${phoneDigits}) = 12 and ${phoneDigits} like '91%' then '+' || ${phoneDigits}
  else ${appointments.patientPhone} end)`;

/**
 * A patient is a child (or adult patient) and the phone the bookings were made with: the name, trimmed, with its
 * spaces collapsed and in lower case, and the phone in one form (so a booking stored in E.164 and an earlier one
 * typed with spaces are one patient). The key is a SHA-256 of the two, so URLs and the access log carry no name or
 * number.
 */
const normalisedName = sql`lower(regexp_replace(btrim(${appointments.patientName}), '\\s+', ' ', 'g'))`;
const patientKey = sql<string>`substr(encode(sha256(convert_to(${normalisedName} || '|' || ${normalisedPhone}, 'UTF8')), 'hex'), 1, 24)`;

/** A record is kept of every booking that was paid, and until its personal data is erased. */
const heldRecord = and(isNotNull(appointments.paidAt), isNull(appointments.anonymisedAt));

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Matches a name (the patient's or the parent's) or, for three digits or more, the phone's digits. A number typed
 * with its country code or a leading 0 is looked for by its last 10 digits, so it finds a phone stored either way.
 */
function searchCondition(query: string): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, "");
  const byName = sql`(${appointments.patientName} ilike ${likePattern(text)} or coalesce(${appointments.guardianName}, '') ilike ${likePattern(text)})`;
  if (digits.length < 3 || digits.length !== text.replace(/[\s+()-]/g, "").length) return byName;
  const needle = digits.length > 10 ? digits.slice(-10) : digits;
  return sql`(${byName} or ${phoneDigits} like ${likePattern(needle)})`;
}

/** Patients with a held record, the one seen most recently first. */
export async function listPatients(
  db: Db,
  query: string,
  limit: number,
  offset: number,
): Promise<PatientSummary[]> {
  const rows = await db
    .select({
      key: patientKey,
      patientName: sql<string>`max(${appointments.patientName})`,
      guardianName: sql<string | null>`max(${appointments.guardianName})`,
      phone: sql<string>`max(${normalisedPhone})`,
      email: sql<string>`max(${appointments.patientEmail})`,
      consultations: sql<number>`count(*)::int`,
      lastDate: sql<string>`max(${appointments.appointmentDate})::text`,
    })
    .from(appointments)
    .where(and(heldRecord, searchCondition(query)))
    .groupBy(patientKey)
    .orderBy(desc(sql`max(${appointments.appointmentDate})`), patientKey)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, consultations: Number(row.consultations) }));
}

/** The key of the patient an appointment is for, while its record is held; null for any other id. */
export async function patientKeyOfAppointment(db: Db, appointmentId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: patientKey })
    .from(appointments)
    .where(and(heldRecord, eq(appointments.id, appointmentId)));
  return row?.key ?? null;
}

/** Every held booking of one patient, newest first. */
export async function appointmentsOfPatient(db: Db, key: string): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(and(heldRecord, sql`${patientKey} = ${key}`))
    .orderBy(desc(appointments.appointmentDate), desc(appointments.appointmentTime));
}

/** A consent as stored: the view's fields, with the moment as a Date. */
type ConsentRecord = Omit<ConsentView, "givenAt"> & { givenAt: Date };

/** The consent given for a booking, with the wording agreed to. */
export async function consentsOf(db: Db, appointmentId: string): Promise<ConsentRecord[]> {
  return db
    .select({
      version: consentTexts.version,
      language: consentTexts.language,
      teleconsultation: consentTexts.teleconsultation,
      privacy: consentTexts.privacy,
      givenBy: consents.givenBy,
      givenAt: consents.givenAt,
    })
    .from(consents)
    .innerJoin(consentTexts, eq(consentTexts.id, consents.consentTextId))
    .where(eq(consents.appointmentId, appointmentId))
    .orderBy(consents.givenAt);
}

type ErasureRequestRow = typeof erasureRequests.$inferSelect;

export async function erasureRequestsOf(db: Db, appointmentId: string): Promise<ErasureRequestRow[]> {
  return db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.appointmentId, appointmentId))
    .orderBy(desc(erasureRequests.requestedAt));
}

/** A pending request for the booking, or a new one; the partial unique index keeps it to one at a time. */
export async function insertErasureRequest(
  db: Db,
  appointmentId: string,
  now: Date,
): Promise<ErasureRequestRow> {
  await db
    .insert(erasureRequests)
    .values({ appointmentId, requestedAt: now })
    .onConflictDoNothing({
      target: erasureRequests.appointmentId,
      where: sql`status = 'pending'`,
    });
  const [pending] = await db
    .select()
    .from(erasureRequests)
    .where(and(eq(erasureRequests.appointmentId, appointmentId), eq(erasureRequests.status, "pending")))
    .limit(1);
  if (!pending) throw new Error("The erasure request was neither stored nor found");
  return pending;
}

interface ErasureListRow extends ErasureRequestRow {
  patientName: string;
  appointmentDate: string;
  anonymisedAt: Date | null;
}

/** Pending requests first, then the latest completed ones. */
export async function listErasureRequests(db: Db, limit: number): Promise<ErasureListRow[]> {
  return db
    .select({
      id: erasureRequests.id,
      appointmentId: erasureRequests.appointmentId,
      status: erasureRequests.status,
      requestedAt: erasureRequests.requestedAt,
      completedAt: erasureRequests.completedAt,
      outcome: erasureRequests.outcome,
      patientName: appointments.patientName,
      appointmentDate: appointments.appointmentDate,
      anonymisedAt: appointments.anonymisedAt,
    })
    .from(erasureRequests)
    .innerJoin(appointments, eq(appointments.id, erasureRequests.appointmentId))
    .orderBy(sql`${erasureRequests.status} = 'pending' desc`, desc(erasureRequests.requestedAt))
    .limit(limit);
}

export async function findErasureRequest(db: Db, id: string): Promise<ErasureRequestRow | undefined> {
  return firstRowWhere(db, erasureRequests, eq(erasureRequests.id, id));
}

export async function completeErasureRequests(
  db: Db,
  appointmentId: string,
  outcome: string,
  now: Date,
): Promise<void> {
  await db
    .update(erasureRequests)
    .set({ status: "completed", completedAt: now, outcome })
    .where(and(eq(erasureRequests.appointmentId, appointmentId), eq(erasureRequests.status, "pending")));
}

/** Bookings whose consultation date is before the cut-off and whose personal data is still held. */
export async function appointmentsPastRetention(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(isNull(appointments.anonymisedAt), lt(appointments.appointmentDate, before)))
    .orderBy(appointments.appointmentDate)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Erased bookings that still have uploads: their files could not be deleted at erasure and are tried again. */
export async function anonymisedWithUploads(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: reportUploads.appointmentId })
    .from(reportUploads)
    .innerJoin(appointments, eq(appointments.id, reportUploads.appointmentId))
    .where(isNotNull(appointments.anonymisedAt));
  return rows.map((row) => row.id);
}

/** What is replaced in free text: each identity, in any case. */
export type Redact = (text: string) => string;

/**
 * Replaces the booking's personal data, row by row, in one transaction (the caller's). Free text the law keeps
 * (the doctor's notes, the prescriptions, refund reasons, the history) keeps its clinical content with every
 * identity replaced; the contact messages that belong to the booking are deleted.
 */
export async function anonymiseAppointment(
  db: Db,
  row: AppointmentRow,
  redact: Redact,
  now: Date,
): Promise<{ outboxIds: string[] }> {
  await db
    .update(appointments)
    .set({
      patientName: ERASED_NAME,
      patientEmail: "",
      patientPhone: "",
      guardianName: row.guardianName === null ? null : ERASED_NAME,
      reasonForConsultation: redact(row.reasonForConsultation),
      cancellationReason: row.cancellationReason === null ? null : redact(row.cancellationReason),
      statusNote: row.statusNote === null ? null : redact(row.statusNote),
      anonymisedAt: now,
      updatedAt: now,
    })
    .where(eq(appointments.id, row.id));
  await db.update(consents).set({ givenBy: ERASED_NAME }).where(eq(consents.appointmentId, row.id));
  await redactEventPayloads(db, row.id, redact);
  await redactPrescriptions(db, row.id, redact);
  await redactNotes(db, row.id, redact);
  await redactRefundReasons(db, row.id, redact);
  if (row.orderId)
    await db
      .update(simulatorOrders)
      .set({ customerName: ERASED_NAME })
      .where(eq(simulatorOrders.orderId, row.orderId));
  // Messages not sent yet would go to an address that is no longer there.
  await db
    .update(outboxMessages)
    .set({ status: "cancelled" })
    .where(and(eq(outboxMessages.appointmentId, row.id), eq(outboxMessages.status, "pending")));
  const outbox = await db
    .update(outboxMessages)
    .set({ lastError: null })
    .where(eq(outboxMessages.appointmentId, row.id))
    .returning({ id: outboxMessages.id });
  const contactOutbox = await deleteContactMessagesOf(db, row);
  return { outboxIds: [...outbox.map((message) => message.id), ...contactOutbox] };
}

/** What a name becomes. */
const ERASED_NAME = "Erased";

async function redactEventPayloads(db: Db, appointmentId: string, redact: Redact): Promise<void> {
  const rows = await db
    .select({ id: domainEvents.id, payload: domainEvents.payload })
    .from(domainEvents)
    .where(eq(domainEvents.appointmentId, appointmentId));
  for (const row of rows) {
    const redacted = redactJson(row.payload, redact);
    if (redacted !== undefined)
      await db.update(domainEvents).set({ payload: redacted }).where(eq(domainEvents.id, row.id));
  }
}

/** Prescriptions are never edited, except here: erasure replaces the identities in them and nothing else. */
async function redactPrescriptions(db: Db, appointmentId: string, redact: Redact): Promise<void> {
  const rows = await db
    .select({ id: prescriptions.id, content: prescriptions.content })
    .from(prescriptions)
    .where(eq(prescriptions.appointmentId, appointmentId));
  for (const row of rows) {
    const redacted = redactJson(row.content, redact);
    if (redacted !== undefined)
      await db.update(prescriptions).set({ content: redacted }).where(eq(prescriptions.id, row.id));
  }
}

/** The JSON value with every string redacted, or undefined when nothing in it changed. */
function redactJson(value: unknown, redact: Redact): unknown {
  const text = JSON.stringify(value ?? null);
  const redacted = JSON.stringify(
    JSON.parse(text, (_key, item: unknown) => (typeof item === "string" ? redact(item) : item)),
  );
  return redacted === text ? undefined : (JSON.parse(redacted) as unknown);
}

async function redactNotes(db: Db, appointmentId: string, redact: Redact): Promise<void> {
  const [note] = await db
    .select()
    .from(consultationNotes)
    .where(eq(consultationNotes.appointmentId, appointmentId));
  if (note && redact(note.notes) !== note.notes)
    await db
      .update(consultationNotes)
      .set({ notes: redact(note.notes) })
      .where(eq(consultationNotes.appointmentId, appointmentId));
}

async function redactRefundReasons(db: Db, appointmentId: string, redact: Redact): Promise<void> {
  const rows = await db
    .select({ id: refunds.id, reason: refunds.reason, failureReason: refunds.failureReason })
    .from(refunds)
    .where(eq(refunds.appointmentId, appointmentId));
  for (const refund of rows)
    await db
      .update(refunds)
      .set({
        reason: redact(refund.reason),
        failureReason: refund.failureReason === null ? null : redact(refund.failureReason),
      })
      .where(eq(refunds.id, refund.id));
}

/**
 * Deletes the contact-form messages that belong to the booking: sent from the booking's e-mail and naming its
 * booking reference. Anyone can book with another person's e-mail or phone, so a match on those alone would delete
 * that person's own messages; other messages of the parent are erased on a request of their own. Answers the ids
 * of the outbox rows that carried the deleted messages (deleted with them).
 */
async function deleteContactMessagesOf(db: Db, row: AppointmentRow): Promise<string[]> {
  const email = row.patientEmail.trim();
  if (!email) return [];
  // The reference is hex, so it is safe inside the pattern; \m and \M keep it a whole word.
  const namesBooking = `\\m${bookingIdOf(row.id)}\\M`;
  const messages = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        sql`lower(btrim(${contactMessages.email})) = lower(${email})`,
        sql`(${contactMessages.message} ~* ${namesBooking} or ${contactMessages.subject} ~* ${namesBooking})`,
      ),
    );
  if (messages.length === 0) return [];
  const ids = messages.map((message) => message.id);
  // Read before the delete, which removes these rows with the messages.
  const outbox = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(inArray(outboxMessages.contactMessageId, ids));
  await db.delete(contactMessages).where(inArray(contactMessages.id, ids));
  return outbox.map((message) => message.id);
}

/** Whose record an access-log row is about: the child's name (or "Erased") and the booking id. */
export interface LoggedRecordSubject {
  patientName: string;
  bookingId: string;
}

function idsOf(
  entries: readonly { recordType: string; recordId: string }[],
  types: readonly string[],
): string[] {
  return [
    ...new Set(
      entries
        .filter((entry) => types.includes(entry.recordType) && isUuid(entry.recordId))
        .map((e) => e.recordId),
    ),
  ];
}

/**
 * The child each access-log row is about, keyed by "type:id", for the log's page: appointments and their notes by
 * the appointment's id, uploads, prescriptions and erasure requests through their appointment, and a patient record
 * by its key (the latest booking of that child). Rows about a list, or whose record is gone, have no entry.
 */
export async function loggedRecordSubjects(
  db: Db,
  entries: readonly { recordType: string; recordId: string }[],
): Promise<Map<string, LoggedRecordSubject>> {
  const appointmentOf = new Map<string, string>();
  for (const id of idsOf(entries, ["appointment", "notes"])) {
    appointmentOf.set(`appointment:${id}`, id);
    appointmentOf.set(`notes:${id}`, id);
  }
  // Uploads, prescriptions and erasure requests name their booking; listing a booking's uploads or prescriptions
  // logs the appointment's own id under those types.
  const linkedTables = [
    ["upload", reportUploads],
    ["prescription", prescriptions],
    ["erasure_request", erasureRequests],
  ] as const;
  for (const [type, table] of linkedTables) {
    const ids = idsOf(entries, [type]);
    if (ids.length === 0) continue;
    const rows: { id: string; appointmentId: string }[] = await db
      .select({ id: table.id, appointmentId: table.appointmentId })
      .from(table)
      .where(inArray(table.id, ids));
    for (const row of rows) appointmentOf.set(`${type}:${row.id}`, row.appointmentId);
    if (type === "erasure_request") continue;
    for (const id of ids) if (!appointmentOf.has(`${type}:${id}`)) appointmentOf.set(`${type}:${id}`, id);
  }

  const subjects = new Map<string, LoggedRecordSubject>();
  const appointmentIds = [...new Set(appointmentOf.values())];
  if (appointmentIds.length > 0) {
    const rows = await db
      .select({ id: appointments.id, patientName: appointments.patientName })
      .from(appointments)
      .where(inArray(appointments.id, appointmentIds));
    const names = new Map(rows.map((row) => [row.id, row.patientName]));
    for (const [ref, appointmentId] of appointmentOf) {
      const patientName = names.get(appointmentId);
      if (patientName !== undefined)
        subjects.set(ref, { patientName, bookingId: bookingIdOf(appointmentId) });
    }
  }

  const keys = [
    ...new Set(
      entries
        .filter((e) => e.recordType === "patient" && /^[0-9a-f]{24}$/.test(e.recordId))
        .map((e) => e.recordId),
    ),
  ];
  if (keys.length > 0) {
    const rows = await db
      .select({ key: patientKey, id: appointments.id, patientName: appointments.patientName })
      .from(appointments)
      .where(and(heldRecord, inArray(patientKey, keys)))
      .orderBy(desc(appointments.appointmentDate), desc(appointments.id));
    for (const row of rows) {
      const ref = `patient:${row.key}`;
      if (!subjects.has(ref))
        subjects.set(ref, { patientName: row.patientName, bookingId: bookingIdOf(row.id) });
    }
  }
  return subjects;
}
