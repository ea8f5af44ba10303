import { and, desc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appointments, domainEvents } from "../../db/schema";

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;

/** Slots taken on a date: confirmed or completed appointments, and payment holds that have not lapsed. */
export async function takenSlotsOn(db: Db, date: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ time: appointments.appointmentTime })
    .from(appointments)
    .where(
      and(
        eq(appointments.appointmentDate, date),
        or(
          inArray(appointments.status, ["confirmed", "completed"]),
          and(eq(appointments.status, "pending_payment"), gt(appointments.holdExpiresAt, now)),
        ),
      ),
    );
  return rows.map((row) => row.time);
}

/** Releases lapsed payment holds: on one slot before a new booking takes it, or all of them for the sweeper. */
export async function expireLapsedHolds(
  db: Db,
  now: Date,
  slot?: { date: string; time: string },
): Promise<number> {
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
      ),
    )
    .returning({ id: appointments.id });
  return rows.length;
}

export async function insertAppointment(db: Db, row: NewAppointmentRow): Promise<AppointmentRow> {
  const [inserted] = await db.insert(appointments).values(row).returning();
  if (!inserted) throw new Error("Appointment insert returned no row");
  return inserted;
}

export async function findAppointment(db: Db, id: string): Promise<AppointmentRow | undefined> {
  const rows = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return rows[0];
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
  const rows = await db.select().from(appointments).where(eq(appointments.orderId, orderId)).limit(1);
  return rows[0];
}

export async function updateAppointment(
  db: Db,
  id: string,
  changes: Partial<NewAppointmentRow>,
): Promise<AppointmentRow> {
  const [row] = await db.update(appointments).set(changes).where(eq(appointments.id, id)).returning();
  if (!row) throw new Error(`Appointment ${id} vanished during an update`);
  return row;
}

/** Appointments whose refund was decided but not yet accepted by the gateway. */
export async function appointmentsAwaitingRefund(db: Db): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(eq(appointments.paymentStatus, "refund_pending"), eq(appointments.refundStatus, "REQUEST_FAILED")),
    )
    .orderBy(desc(appointments.updatedAt))
    .limit(20);
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
