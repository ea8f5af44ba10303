import { asc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * Drizzle types `from` by the concrete table and cannot check a table type parameter against it; the rows it answers
 * are that table's, which the callers' return types say.
 */
function asSelectable(table: PgTable): PgTable {
  return table;
}

/** The first row of a table that meets the condition, or undefined when none does. */
export async function firstRowWhere<Table extends PgTable>(
  db: Db,
  table: Table,
  condition: SQL | undefined,
): Promise<Table["$inferSelect"] | undefined> {
  const rows = await db.select().from(asSelectable(table)).where(condition).limit(1);
  return rows[0];
}

/**
 * An appointment's rows of a table that keeps several for each (its history, refunds, reports), oldest first; the
 * second column orders rows written in the same instant, so the order never changes between reads.
 */
export async function rowsOfAppointmentOldestFirst<Table extends PgTable & { appointmentId: PgColumn }>(
  db: Db,
  table: Table,
  appointmentId: string,
  order: [writtenAt: PgColumn, tieBreak: PgColumn],
): Promise<Table["$inferSelect"][]> {
  const rows = await db
    .select()
    .from(asSelectable(table))
    .where(eq(table.appointmentId, appointmentId))
    .orderBy(...order.map((column) => asc(column)));
  return rows;
}
