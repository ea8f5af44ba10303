import { Readable } from "node:stream";
import { bookingIdOf } from "@shared/booking";
import { addDaysToDate, clinicDate, slotStart } from "@shared/clinic-time";
import {
  addMonths,
  type AdminInsights,
  type InsightsMonth,
  type InsightsQuery,
  insightsRange,
  monthsFrom,
  type ReceiptsQuery,
  type ReceiptsSummary,
} from "@shared/insights";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  articleFigures,
  type MonthBounds,
  monthFigures,
  type PaymentCursor,
  type ReceivedPayment,
  receivedPaymentsPage,
  receivedPaymentsTotal,
} from "../../core/appointments/insights";
import { REPLACED_HOLD_NOTE } from "../booking/service";

/** A month's first and next first dates, and the instants they start at in the clinic's zone. */
function boundsOf(month: string, timeZone: string): MonthBounds {
  const firstDay = `${month}-01`;
  const nextFirstDay = `${addMonths(month, 1)}-01`;
  return {
    month,
    firstDay,
    nextFirstDay,
    starts: slotStart(firstDay, "00:00", timeZone),
    ends: slotStart(nextFirstDay, "00:00", timeZone),
  };
}

/**
 * GET /api/admin/insights: the practice month by month over the months asked for (the last twelve by default), with
 * their totals and the articles bookings were started from. What each figure counts is said in src/shared/insights.ts
 * and docs/decisions.md ("Insights").
 */
export async function insightsOf(
  db: Db,
  config: Config,
  query: InsightsQuery,
  now: Date,
): Promise<AdminInsights> {
  const { timeZone } = config.booking;
  const today = clinicDate(now, timeZone);
  const currentMonth = today.slice(0, 7);
  const { from, to } = insightsRange(query, currentMonth);
  const bounds = monthsFrom(from, to).map((month) => boundsOf(month, timeZone));
  const first = bounds[0];
  const last = bounds.at(-1);
  const [months, articles] = await Promise.all([
    monthFigures(db, bounds, REPLACED_HOLD_NOTE),
    first && last
      ? articleFigures(db, { starts: first.starts, ends: last.ends }, REPLACED_HOLD_NOTE)
      : Promise.resolve([]),
  ]);
  return { from, to, currentMonth, today, timeZone, months, totals: totalsOf(months), articles };
}

function totalsOf(months: readonly InsightsMonth[]): Omit<InsightsMonth, "month"> {
  const totals = {
    consultations: 0,
    noShows: 0,
    received: 0,
    refunds: 0,
    refunded: 0,
    holds: 0,
    paidHolds: 0,
  };
  for (const { month: _month, ...figures } of months)
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += figures[key];
  return totals;
}

// ---------------------------------------------------------------------------------------------------------------
// The receipts for the accountant

const CSV_COLUMNS = [
  "Receipt number",
  "Date paid",
  "Booking ID",
  "Patient",
  "Parent or guardian",
  "Consultation date",
  "Fee (₹)",
  "Coupon",
  "Amount paid (₹)",
  "Refunded (₹)",
  "Refunded on",
  "Payment method",
  "Payment reference",
] as const;

/** Payments read from the database at a time: a year of a busy practice never sits in memory at once. */
const PAGE_SIZE = 500;

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, so a name typed as "=HYPERLINK(...)" stays text; a cell with a comma, quote or
 * line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  // A semicolon is quoted too: a spreadsheet set to split on it would otherwise start a cell (a formula) there.
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function paymentMethod(gateway: string | null): string {
  if (gateway === "cashfree") return "Cashfree";
  if (gateway === "simulator") return "Payment simulator (test payment)";
  return gateway ?? "";
}

function paymentLine(payment: ReceivedPayment, timeZone: string): string {
  return csvLine([
    payment.receiptNumber,
    clinicDate(payment.paidAt, timeZone),
    bookingIdOf(payment.id),
    payment.patientName,
    payment.guardianName,
    payment.appointmentDate,
    payment.fee,
    payment.couponCode,
    payment.paidAmount,
    payment.refunded,
    payment.refundedAt ? clinicDate(payment.refundedAt, timeZone) : null,
    paymentMethod(payment.gateway),
    payment.reference,
  ]);
}

/** The clinic dates `from` to `to` (both included) as the instants they start and end at in the clinic's zone. */
function datesRange({ from, to }: ReceiptsQuery, timeZone: string): { starts: Date; ends: Date } {
  return {
    starts: slotStart(from, "00:00", timeZone),
    ends: slotStart(addDaysToDate(to, 1), "00:00", timeZone),
  };
}

/** GET /api/admin/receipts/summary: how many payments the receipts' file of these dates holds, and their amount. */
export async function receiptsSummary(
  db: Db,
  config: Config,
  query: ReceiptsQuery,
): Promise<ReceiptsSummary> {
  const total = await receivedPaymentsTotal(db, datesRange(query, config.booking.timeZone));
  return { from: query.from, to: query.to, ...total };
}

/**
 * GET /api/admin/receipts.csv: every payment received between two clinic dates (both included), one line each, in
 * the order received: its receipt number (empty for a payment sent back in full before any receipt was given, such
 * as one that came after its time was taken), the booking, the amount paid and what of it was refunded. The file is
 * made as it is read, a page of payments at a time; it starts with a byte-order mark, so spreadsheets read the
 * rupee sign and names in any script as UTF-8.
 */
export function receiptsCsv(
  db: Db,
  config: Config,
  { from, to }: ReceiptsQuery,
): { fileName: string; stream: Readable } {
  const { timeZone } = config.booking;
  const range = datesRange({ from, to }, timeZone);
  async function* lines(): AsyncGenerator<Buffer> {
    yield Buffer.from(`\uFEFF${csvLine(CSV_COLUMNS)}`);
    let cursor: PaymentCursor | undefined;
    do {
      const page = await receivedPaymentsPage(db, range, cursor, PAGE_SIZE);
      if (page.payments.length > 0)
        yield Buffer.from(page.payments.map((payment) => paymentLine(payment, timeZone)).join(""));
      cursor = page.next;
    } while (cursor);
  }
  return { fileName: `receipts-${from}-to-${to}.csv`, stream: Readable.from(lines(), { objectMode: false }) };
}
