import type { Actor, RefundState, RefundView } from "@shared/manage";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { firstRowWhere, rowsOfAppointmentOldestFirst } from "../../db/rows";
import { refunds } from "../../db/schema";

export type RefundRow = typeof refunds.$inferSelect;
type NewRefundRow = typeof refunds.$inferInsert;

export async function insertRefund(db: Db, row: NewRefundRow): Promise<RefundRow> {
  const [inserted] = await db.insert(refunds).values(row).returning();
  if (!inserted) throw new Error("Refund insert returned no row");
  return inserted;
}

export async function refundsOf(db: Db, appointmentId: string): Promise<RefundRow[]> {
  return rowsOfAppointmentOldestFirst(db, refunds, appointmentId, [refunds.createdAt, refunds.refundId]);
}

export async function findRefund(db: Db, refundId: string): Promise<RefundRow | undefined> {
  return firstRowWhere(db, refunds, eq(refunds.refundId, refundId));
}

/** Reads and locks a refund, so a webhook and the sweeper applying the same status run one after the other. */
export async function lockRefund(db: Db, refundId: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.refundId, refundId)).for("update").limit(1);
  return rows[0];
}

export async function updateRefund(db: Db, id: string, changes: Partial<NewRefundRow>): Promise<RefundRow> {
  const [row] = await db.update(refunds).set(changes).where(eq(refunds.id, id)).returning();
  if (!row) throw new Error(`Refund ${id} vanished during an update`);
  return row;
}

/**
 * Refunds the sweeper looks at: pending ones last touched before `before` (a request that did not reach the gateway
 * is sent again; an accepted one is asked about), oldest first.
 */
export async function pendingRefunds(db: Db, before: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.state, "pending"), lt(refunds.updatedAt, before)))
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
}

/** The refunds of an appointment summed up: what is committed to go back, and whether any is still open. */
export async function refundTotals(
  db: Db,
  appointmentId: string,
): Promise<{ committed: number; succeeded: number; open: number }> {
  const [row] = await db
    .select({
      committed: sql<string>`coalesce(sum(${refunds.amount}), 0)`,
      succeeded: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${refunds.state} = 'succeeded'), 0)`,
      open: sql<string>`count(*) filter (where ${refunds.state} <> 'succeeded')`,
    })
    .from(refunds)
    .where(eq(refunds.appointmentId, appointmentId));
  return {
    committed: Number(row?.committed ?? 0),
    succeeded: Number(row?.succeeded ?? 0),
    open: Number(row?.open ?? 0),
  };
}

function toRefundView(row: RefundRow): RefundView {
  return {
    refundId: row.refundId,
    amount: row.amount,
    reason: row.reason,
    state: row.state as RefundState,
    initiatedBy: row.initiatedBy as Actor,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

/** An appointment's refunds as the dashboard, the manage page and the export show them, oldest first. */
export async function refundViewsOf(db: Db, appointmentId: string): Promise<RefundView[]> {
  return (await refundsOf(db, appointmentId)).map(toRefundView);
}
