import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import { appointmentInterval } from "@shared/schedule";
import type { Db } from "../../db/client";
import { firstRowWhere } from "../../db/rows";
import { ACTIVE_SLOT_PREDICATE, appointments, consents, consentTexts, domainEvents } from "../../db/schema";
import { availabilityChanged } from "./availability-cache";

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;

/**
 * Releases lapsed payment holds: on one slot before a new booking or a move takes it, or all of them for the sweeper
 * (but those in `keep`, whose gateway could not be asked whether they were paid).
 */
export async function expireLapsedHolds(
  db: Db,
  now: Date,
  slot?: { date: string; time: string },
  keep: readonly string[] = [],
): Promise<number> {
  availabilityChanged();
  const rows = await db
    .update(appointments)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(appointments.status, "pending_payment"),
        lte(appointments.holdExpiresAt, now),
        slot
          ? and(eq(appointments.appointmentDate, slot.date), eq(appointments.appointmentTime, slot.time))
          : undefined,
        keep.length > 0 ? notInArray(appointments.id, [...keep]) : undefined,
      ),
    )
    .returning({ id: appointments.id });
  return rows.length;
}

/**
 * Bookings with a gateway order still awaiting its payment (held, or released when the hold lapsed) whose time to pay
 * ends between `since` and `by`, oldest first.
 */
export async function holdsLapsingWithOrder(
  db: Db,
  { since, by }: { since: Date; by: Date },
  limit: number,
): Promise<{ id: string; orderId: string }[]> {
  const rows = await db
    .select({ id: appointments.id, orderId: appointments.orderId })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, ["pending_payment", "expired"]),
        eq(appointments.paymentStatus, "pending"),
        isNotNull(appointments.orderId),
        gt(appointments.holdExpiresAt, since),
        lte(appointments.holdExpiresAt, by),
      ),
    )
    .orderBy(asc(appointments.holdExpiresAt))
    .limit(limit);
  return rows.flatMap((row) => (row.orderId ? [{ id: row.id, orderId: row.orderId }] : []));
}

export async function insertAppointment(db: Db, row: NewAppointmentRow): Promise<AppointmentRow> {
  availabilityChanged();
  const [inserted] = await db.insert(appointments).values(row).returning();
  if (!inserted) throw new Error("Appointment insert returned no row");
  return inserted;
}

/**
 * Inserts a new hold unless another booking holds its slot (the active-slot unique index): answers undefined then,
 * where `insertAppointment` would fail. A hold whose time to pay has lapsed but is not yet marked expired still holds
 * the slot here.
 */
export async function insertHoldUnlessSlotHeld(
  db: Db,
  row: NewAppointmentRow,
): Promise<AppointmentRow | undefined> {
  availabilityChanged();
  const [inserted] = await db
    .insert(appointments)
    .values(row)
    .onConflictDoNothing({
      target: [appointments.appointmentDate, appointments.appointmentTime],
      where: ACTIVE_SLOT_PREDICATE,
    })
    .returning();
  return inserted;
}

/** Reads and locks an appointment, so that two changes to it (a cancel and a reschedule) run one after the other. */
export async function lockAppointment(db: Db, id: string): Promise<AppointmentRow | undefined> {
  const rows = await db.select().from(appointments).where(eq(appointments.id, id)).for("update").limit(1);
  return rows[0];
}

export async function findAppointment(db: Db, id: string): Promise<AppointmentRow | undefined> {
  return firstRowWhere(db, appointments, eq(appointments.id, id));
}

/** Reads and locks the appointment of an order, so that two confirmations of one payment run one after the other. */
export async function lockAppointmentByOrder(db: Db, orderId: string): Promise<AppointmentRow | undefined> {
  const rows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.orderId, orderId))
    .for("update")
    .limit(1);
  return rows[0];
}

export async function findAppointmentByOrder(db: Db, orderId: string): Promise<AppointmentRow | undefined> {
  return firstRowWhere(db, appointments, eq(appointments.orderId, orderId));
}

export async function updateAppointment(
  db: Db,
  id: string,
  changes: Partial<NewAppointmentRow>,
): Promise<AppointmentRow> {
  availabilityChanged();
  const [row] = await db.update(appointments).set(changes).where(eq(appointments.id, id)).returning();
  if (!row) throw new Error(`Appointment ${id} vanished during an update`);
  return row;
}

export async function recordEvent(
  db: Db,
  type: string,
  appointmentId: string,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(domainEvents).values({ type, appointmentId, payload });
}

/**
 * The admin's list, newest first, a page at a time. The cursor is the last row's id; the comparison reads that row's
 * own created_at in SQL, because the database keeps microseconds that a JavaScript Date would round away.
 */
export async function listAppointmentsPage(
  db: Db,
  limit: number,
  afterId?: string,
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      afterId
        ? sql`(${appointments.createdAt}, ${appointments.id}) < (select created_at, id from appointments where id = ${afterId})`
        : undefined,
    )
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(limit);
}

/** The consultations of one date that were booked and paid for (held, missed or not), in time order. */
export async function consultationsOnDate(db: Db, date: string): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.appointmentDate, date),
        inArray(appointments.status, ["confirmed", "completed", "no_show"]),
      ),
    )
    .orderBy(asc(appointments.appointmentTime), asc(appointments.id));
}

/**
 * What holds a slot between two dates (both included): consultations booked and paid for (held, missed or not), and
 * holds still waiting for their payment; in date and time order.
 */
export async function slotHoldersBetween(
  db: Db,
  from: string,
  to: string,
  now: Date,
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        gte(appointments.appointmentDate, from),
        lte(appointments.appointmentDate, to),
        or(
          inArray(appointments.status, ["confirmed", "completed", "no_show"]),
          and(eq(appointments.status, "pending_payment"), gt(appointments.holdExpiresAt, now)),
        ),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id));
}

/** The three lists of the dashboard: appointments to come (today included), those gone by, and those called off. */
export type AppointmentView = "upcoming" | "past" | "cancelled";

/** Where a keyset page starts: the last row of the page before, by date, time and id. */
export interface ViewCursor {
  date: string;
  time: string;
  id: string;
}

function viewCondition(view: AppointmentView, today: string, now: Date) {
  const liveHold = and(eq(appointments.status, "pending_payment"), gt(appointments.holdExpiresAt, now));
  const lapsedHold = and(eq(appointments.status, "pending_payment"), lte(appointments.holdExpiresAt, now));
  switch (view) {
    case "upcoming":
      return and(
        or(inArray(appointments.status, ["confirmed", "completed"]), liveHold),
        gte(appointments.appointmentDate, today),
      );
    case "past":
      // A no-show is a consultation that was held for the parent (and paid): past from the moment it is marked.
      return or(
        and(
          inArray(appointments.status, ["confirmed", "completed", "no_show"]),
          lt(appointments.appointmentDate, today),
        ),
        and(eq(appointments.status, "no_show"), gte(appointments.appointmentDate, today)),
      );
    case "cancelled":
      return or(inArray(appointments.status, ["cancelled", "expired"]), lapsedHold);
  }
}

/**
 * One page of a dashboard list: upcoming ones soonest first, the others latest first, by the slot's date and time
 * (the id breaks ties). `today` is the clinic's date; a held slot counts as upcoming while its hold lasts.
 */
export async function listAppointmentsView(
  db: Db,
  view: AppointmentView,
  options: { today: string; now: Date; limit: number; after?: ViewCursor },
): Promise<{ rows: AppointmentRow[]; total: number }> {
  const ascending = view === "upcoming";
  const condition = viewCondition(view, options.today, options.now);
  const { after } = options;
  const key = sql`(${appointments.appointmentDate}, ${appointments.appointmentTime}, ${appointments.id})`;
  const start = after
    ? ascending
      ? sql`${key} > (${after.date}, ${after.time}, ${after.id}::uuid)`
      : sql`${key} < (${after.date}, ${after.time}, ${after.id}::uuid)`
    : undefined;
  const order = ascending
    ? [asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id)]
    : [desc(appointments.appointmentDate), desc(appointments.appointmentTime), desc(appointments.id)];
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(appointments)
      .where(and(condition, start))
      .orderBy(...order)
      .limit(options.limit),
    db.select({ total: count() }).from(appointments).where(condition),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

/** Appointments whose booking id (the first 8 characters of the id) is this one; two at most, to tell if unique. */
export async function findAppointmentsByBookingId(db: Db, bookingId: string): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(sql`${appointments.id}::text like ${`${bookingId.toLowerCase()}%`}`)
    .limit(2);
}

/** Keeps a consent wording (once; the id already names its text) and records that a booking agreed to it. */
export async function recordConsent(
  db: Db,
  wording: typeof consentTexts.$inferInsert,
  consent: Omit<typeof consents.$inferInsert, "consentTextId">,
): Promise<void> {
  // One statement: the wording is stored the first time it is agreed to, and the consent refers to it (the foreign
  // key is checked once the statement has run, so it sees the wording stored by the statement itself).
  await db.execute(sql`
    with wording as (
      insert into ${consentTexts} (id, version, language, teleconsultation, privacy)
      values (${wording.id}, ${wording.version}, ${wording.language ?? "en"}, ${wording.teleconsultation}, ${wording.privacy})
      on conflict do nothing
    )
    insert into ${consents} (appointment_id, consent_text_id, given_by, given_at)
    values (${consent.appointmentId}, ${wording.id}, ${consent.givenBy}, ${consent.givenAt.toISOString()})`);
}

/**
 * The appointments a schedule change can take the time of, from a date on: confirmed ones, and holds still waiting
 * for their payment (a payment that arrives for a slot no longer offered is refunded in full).
 */
export async function bookedFrom(db: Db, date: string, now: Date) {
  return db
    .select({
      id: appointments.id,
      status: appointments.status,
      patientName: appointments.patientName,
      patientPhone: appointments.patientPhone,
      patientEmail: appointments.patientEmail,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      durationMinutes: appointments.durationMinutes,
      doctorUnavailableSince: appointments.doctorUnavailableSince,
    })
    .from(appointments)
    .where(
      and(
        or(
          eq(appointments.status, "confirmed"),
          and(eq(appointments.status, "pending_payment"), gt(appointments.holdExpiresAt, now)),
        ),
        gte(appointments.appointmentDate, date),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime));
}
export type BookedAppointment = Awaited<ReturnType<typeof bookedFrom>>[number];

/**
 * Bookings whose parent was asked to choose another time or a refund, still undecided when the old time came.
 * Few at most; the start is worked out from the clinic's wall-clock time here rather than in SQL.
 */
export async function unavailableStartedBy(db: Db, timeZone: string, now: Date): Promise<AppointmentRow[]> {
  const undecided = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.status, "confirmed"), isNotNull(appointments.doctorUnavailableSince)));
  return undecided.filter((row) => appointmentInterval(row, timeZone).startsAt <= now);
}

/**
 * The bookings that count as uses of a coupon: held and waiting for payment, paid (whatever happened after: a
 * cancelled or refunded booking used its coupon), not one whose hold lapsed or whose payment failed.
 */
const countsAsCouponUse = () =>
  or(
    inArray(appointments.paymentStatus, ["paid", "refund_pending", "refunded"]),
    and(eq(appointments.status, "pending_payment"), eq(appointments.paymentStatus, "pending")),
  );

/** How many bookings used each of these coupon codes. */
export async function couponUseCounts(db: Db, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: appointments.couponCode, uses: count() })
    .from(appointments)
    .where(and(inArray(appointments.couponCode, codes), countsAsCouponUse()))
    .groupBy(appointments.couponCode);
  return new Map(rows.map((row) => [row.code ?? "", row.uses]));
}

/** Whether a booking with this phone number (E.164) already used the coupon. */
export async function couponUsedByPhone(db: Db, code: string, phone: string): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.couponCode, code), countsAsCouponUse(), eq(appointments.patientPhone, phone)))
    .limit(1);
  return rows.length > 0;
}

/** Statuses in which a follow-up uses up its consultation's follow-up (the index appointments_one_follow_up_idx). */
const FOLLOW_UP_KEEPING = ["pending_payment", "confirmed", "completed", "no_show"];

/**
 * The key of a consultation's "book a follow-up" link: the one it has, or `candidate` stored as its key when it has
 * none yet (one statement, so two first readers agree on one key).
 */
export async function followUpKeyOf(db: Db, id: string, candidate: string): Promise<string | undefined> {
  const rows = await db
    .update(appointments)
    .set({ followUpKey: sql`coalesce(${appointments.followUpKey}, ${candidate})` })
    .where(eq(appointments.id, id))
    .returning({ key: appointments.followUpKey });
  return rows[0]?.key ?? undefined;
}

/** The consultation whose follow-up link has this key, locked when asked to (a follow-up is being booked). */
export async function findByFollowUpKey(
  db: Db,
  key: string,
  { lock }: { lock: boolean },
): Promise<AppointmentRow | undefined> {
  const query = db.select().from(appointments).where(eq(appointments.followUpKey, key)).limit(1);
  const rows = lock ? await query.for("update") : await query;
  return rows[0];
}

/**
 * The follow-up booked from this consultation that still holds, keeps or used its time; a hold whose payment time
 * ran out is released first, as a new booking releases a lapsed hold on its slot.
 */
export async function followUpBookedFrom(
  db: Db,
  consultationId: string,
  now: Date,
): Promise<AppointmentRow | undefined> {
  await db
    .update(appointments)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(appointments.followUpOf, consultationId),
        eq(appointments.status, "pending_payment"),
        lte(appointments.holdExpiresAt, now),
      ),
    );
  return firstRowWhere(
    db,
    appointments,
    and(eq(appointments.followUpOf, consultationId), inArray(appointments.status, FOLLOW_UP_KEEPING)),
  );
}
