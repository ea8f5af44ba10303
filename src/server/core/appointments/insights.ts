import { type SQL, sql } from "drizzle-orm";
import type { InsightsMonth } from "@shared/insights";
import { type Db, rowsOf } from "../../db/client";

/**
 * The queries of the console's Insights page and the accountant's receipts: figures added up by month over the
 * appointments and refunds tables, and the payments received, a page at a time. Months are the clinic's: the caller
 * gives each month's first and next first date and the instants they start at in the clinic's zone, so the database
 * needs no zone data and the indexes on the timestamps serve the ranges.
 */

export interface MonthBounds {
  /** YYYY-MM */
  month: string;
  /** The month's first date and the next month's, YYYY-MM-DD. */
  firstDay: string;
  nextFirstDay: string;
  /** The instants those dates start at in the clinic's zone. */
  starts: Date;
  ends: Date;
}

/** One month's figures, as the Insights page reads them. */
export type MonthFigures = InsightsMonth;

export interface ArticleFigures {
  slug: string;
  title: string | null;
  holds: number;
  paidHolds: number;
}

/**
 * A booking that held a time for a payment: not a free follow-up (confirmed as it is made, with nothing to pay), and
 * not a hold the same parent replaced with another booking on the way back from the payment step (the new one
 * counts instead). `replacedNote` is the note such a hold gets.
 */
const heldForPayment = (replacedNote: string) =>
  sql`a.amount > 0 and not (a.status = 'expired' and coalesce(a.status_note, '') = ${replacedNote})`;

/** A hold whose payment bought the booking: paid, and not sent back at once because it could not (late, short). */
const becamePaid = sql`a.paid_amount is not null and a.payment_refund_reason is null`;

function monthsTable(months: readonly MonthBounds[]): SQL {
  const rows = months.map(
    (m) =>
      sql`(${m.month}::text, ${m.firstDay}::date, ${m.nextFirstDay}::date, ${m.starts.toISOString()}::timestamptz, ${m.ends.toISOString()}::timestamptz)`,
  );
  return sql`months (month, first_day, next_day, starts, ends) as (values ${sql.join(rows, sql`, `)})`;
}

type Count = number | string | null;

/**
 * Each month's figures in one round trip: consultations and no-shows by the appointment's date; payments received
 * by the time they were received; refunds that succeeded by the time they did; holds, and those that became paid
 * bookings, by the time the booking was started.
 */
export async function monthFigures(
  db: Db,
  months: readonly MonthBounds[],
  replacedNote: string,
): Promise<MonthFigures[]> {
  if (months.length === 0) return [];
  const result = await db.execute(sql`
    with ${monthsTable(months)},
    by_date as (
      select m.month,
        count(*) filter (where a.status in ('confirmed', 'completed')) as consultations,
        count(*) filter (where a.status = 'no_show') as no_shows
      from months m
      join appointments a on a.appointment_date >= m.first_day and a.appointment_date < m.next_day
      group by m.month
    ),
    by_payment as (
      select m.month, coalesce(sum(a.paid_amount), 0) as received
      from months m
      join appointments a on a.paid_at >= m.starts and a.paid_at < m.ends
      where a.paid_amount > 0
      group by m.month
    ),
    by_refund as (
      select m.month, count(*) as refunds, coalesce(sum(r.amount), 0) as refunded
      from months m
      join refunds r on r.completed_at >= m.starts and r.completed_at < m.ends
      where r.state = 'succeeded'
      group by m.month
    ),
    by_hold as (
      select m.month, count(*) as holds, count(*) filter (where ${becamePaid}) as paid_holds
      from months m
      join appointments a on a.created_at >= m.starts and a.created_at < m.ends
      where ${heldForPayment(replacedNote)}
      group by m.month
    )
    select m.month,
      coalesce(d.consultations, 0) as consultations,
      coalesce(d.no_shows, 0) as no_shows,
      coalesce(p.received, 0) as received,
      coalesce(r.refunds, 0) as refunds,
      coalesce(r.refunded, 0) as refunded,
      coalesce(h.holds, 0) as holds,
      coalesce(h.paid_holds, 0) as paid_holds
    from months m
    left join by_date d on d.month = m.month
    left join by_payment p on p.month = m.month
    left join by_refund r on r.month = m.month
    left join by_hold h on h.month = m.month
    order by m.month
  `);
  return rowsOf<{
    month: string;
    consultations: Count;
    no_shows: Count;
    received: Count;
    refunds: Count;
    refunded: Count;
    holds: Count;
    paid_holds: Count;
  }>(result).map((row) => ({
    month: row.month,
    consultations: Number(row.consultations ?? 0),
    noShows: Number(row.no_shows ?? 0),
    received: Number(row.received ?? 0),
    refunds: Number(row.refunds ?? 0),
    refunded: Number(row.refunded ?? 0),
    holds: Number(row.holds ?? 0),
    paidHolds: Number(row.paid_holds ?? 0),
  }));
}

/**
 * The holds started from each article's page between two instants, and those that became paid bookings, most paid
 * first; the article's title now, or null for a slug no article has any more.
 */
export async function articleFigures(
  db: Db,
  range: { starts: Date; ends: Date },
  replacedNote: string,
  limit = 200,
): Promise<ArticleFigures[]> {
  const result = await db.execute(sql`
    select a.source_article as slug, max(ar.title) as title,
      count(*) as holds,
      count(*) filter (where ${becamePaid}) as paid_holds
    from appointments a
    left join articles ar on ar.slug = a.source_article
    where a.source_article is not null
      and a.created_at >= ${range.starts.toISOString()}::timestamptz
      and a.created_at < ${range.ends.toISOString()}::timestamptz
      and ${heldForPayment(replacedNote)}
    group by a.source_article
    order by paid_holds desc, holds desc, a.source_article
    limit ${limit}
  `);
  return rowsOf<{ slug: string; title: string | null; holds: Count; paid_holds: Count }>(result).map(
    (row) => ({
      slug: row.slug,
      title: row.title,
      holds: Number(row.holds ?? 0),
      paidHolds: Number(row.paid_holds ?? 0),
    }),
  );
}

/** One payment received, as the accountant's list shows it. */
export interface ReceivedPayment {
  id: string;
  receiptNumber: string | null;
  paidAt: Date;
  patientName: string;
  guardianName: string | null;
  appointmentDate: string;
  fee: number;
  paidAmount: number;
  couponCode: string | null;
  gateway: string | null;
  reference: string | null;
  /** Refunds of the booking that succeeded, whenever they did, and when the last one did. */
  refunded: number;
  refundedAt: Date | null;
}

/** Where a page of payments ends: the next page starts after it. */
export interface PaymentCursor {
  /** The payment time exactly as the database holds it (text, to the microsecond). */
  paidAt: string;
  id: string;
}

/**
 * The payments received between two instants (free follow-ups have none), in the order they were received, `limit`
 * at a time from after `cursor`.
 */
export async function receivedPaymentsPage(
  db: Db,
  range: { starts: Date; ends: Date },
  cursor: PaymentCursor | undefined,
  limit: number,
): Promise<{ payments: ReceivedPayment[]; next: PaymentCursor | undefined }> {
  const after = cursor
    ? sql`and (a.paid_at, a.id) > (${cursor.paidAt}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    select a.id, a.receipt_number, a.paid_at, a.paid_at::text as paid_at_text, a.patient_name, a.guardian_name,
      a.appointment_date::text as appointment_date, a.fee, a.paid_amount, a.coupon_code, a.gateway,
      coalesce(a.gateway_payment_id, a.order_id) as reference,
      coalesce(rf.refunded, 0) as refunded, rf.refunded_at
    from appointments a
    left join lateral (
      select sum(r.amount) as refunded, max(r.completed_at) as refunded_at
      from refunds r
      where r.appointment_id = a.id and r.state = 'succeeded'
    ) rf on true
    where a.paid_amount > 0
      and a.paid_at >= ${range.starts.toISOString()}::timestamptz
      and a.paid_at < ${range.ends.toISOString()}::timestamptz
      ${after}
    order by a.paid_at, a.id
    limit ${limit}
  `);
  const rows = rowsOf<{
    id: string;
    receipt_number: string | null;
    paid_at: Date | string;
    paid_at_text: string;
    patient_name: string;
    guardian_name: string | null;
    appointment_date: string;
    fee: Count;
    paid_amount: Count;
    coupon_code: string | null;
    gateway: string | null;
    reference: string | null;
    refunded: Count;
    refunded_at: Date | string | null;
  }>(result);
  const last = rows.at(-1);
  return {
    payments: rows.map((row) => ({
      id: row.id,
      receiptNumber: row.receipt_number,
      paidAt: new Date(row.paid_at),
      patientName: row.patient_name,
      guardianName: row.guardian_name,
      appointmentDate: row.appointment_date,
      fee: Number(row.fee ?? 0),
      paidAmount: Number(row.paid_amount ?? 0),
      couponCode: row.coupon_code,
      gateway: row.gateway,
      reference: row.reference,
      refunded: Number(row.refunded ?? 0),
      refundedAt: row.refunded_at === null ? null : new Date(row.refunded_at),
    })),
    next: rows.length === limit && last ? { paidAt: last.paid_at_text, id: last.id } : undefined,
  };
}

/** How many payments were received in a range, and how much: what the receipts' file for it will hold. */
export async function receivedPaymentsTotal(
  db: Db,
  range: { starts: Date; ends: Date },
): Promise<{ payments: number; amount: number }> {
  const result = await db.execute(sql`
    select count(*) as payments, coalesce(sum(a.paid_amount), 0) as amount
    from appointments a
    where a.paid_amount > 0
      and a.paid_at >= ${range.starts.toISOString()}::timestamptz
      and a.paid_at < ${range.ends.toISOString()}::timestamptz
  `);
  const [row] = rowsOf<{ payments: Count; amount: Count }>(result);
  return { payments: Number(row?.payments ?? 0), amount: Number(row?.amount ?? 0) };
}
