import { z } from "zod";
import { isValidIsoDate } from "./clinic-time";

/**
 * The console's Insights page: the practice month by month, and the receipts for the accountant. The same schemas
 * check the page's forms in the browser and GET /api/admin/insights and /api/admin/receipts.csv on the server.
 */

/** How many months the page shows when none are chosen, and the most it shows at once. */
export const DEFAULT_INSIGHTS_MONTHS = 12;
export const MAX_INSIGHTS_MONTHS = 36;
/** The longest range of one receipts download, in days (a leap year). */
export const MAX_RECEIPT_DAYS = 366;

const MONTH_PATTERN = /^[1-9]\d{3}-(0[1-9]|1[0-2])$/;
const MONTH_MESSAGE = "Choose months written as YYYY-MM, for example 2026-04";
const MONTH_ORDER_MESSAGE = "The first month must not be after the last";
const MONTHS_TOO_MANY = `Choose at most ${MAX_INSIGHTS_MONTHS} months at a time`;

/** True for a month written as YYYY-MM, from 1000-01 to 9999-12. */
export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

/** "2026-11" plus 3 months is "2027-02"; minus 11 months, "2025-12". */
export function addMonths(month: string, count: number): string {
  const [year = 0, number = 1] = month.split("-").map(Number);
  const index = year * 12 + (number - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** How many months from `from` to `to`, both counted: 2026-01 to 2026-03 is 3. */
export function monthCount(from: string, to: string): number {
  const [fromYear = 0, fromMonth = 1] = from.split("-").map(Number);
  const [toYear = 0, toMonth = 1] = to.split("-").map(Number);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** Every month from `from` to `to`, both included, in order. */
export function monthsFrom(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, monthCount(from, to)) }, (_, index) => addMonths(from, index));
}

// A field that fails says so alone: the checks of the range (`abort`) wait until both ends are readable.
const monthField = z
  .string(MONTH_MESSAGE)
  .regex(MONTH_PATTERN, { message: MONTH_MESSAGE, abort: true })
  .optional();

/** GET /api/admin/insights?from=&to=: months written YYYY-MM, the first not after the last, 36 at most. */
export const insightsQuerySchema = z
  .object({ from: monthField, to: monthField })
  .refine(({ from, to }) => !from || !to || from <= to, { message: MONTH_ORDER_MESSAGE, path: ["to"] })
  .refine(({ from, to }) => !from || !to || from > to || monthCount(from, to) <= MAX_INSIGHTS_MONTHS, {
    message: MONTHS_TOO_MANY,
    path: ["to"],
  });

export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/**
 * The months shown for a query, `current` being the clinic's month now: both as asked; without `to`, twelve months
 * from `from` but not past the current month (nor before `from`); without `from`, the twelve months up to `to`.
 * Without either, the last twelve months, the current one included.
 */
export function insightsRange(query: InsightsQuery, current: string): { from: string; to: string } {
  const span = DEFAULT_INSIGHTS_MONTHS - 1;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) {
    const capped = addMonths(query.from, span) < current ? addMonths(query.from, span) : current;
    return { from: query.from, to: capped < query.from ? query.from : capped };
  }
  const to = query.to ?? current;
  return { from: addMonths(to, -span), to };
}

/** How many days from `from` to `to` (YYYY-MM-DD), both counted. */
export function dayCount(from: string, to: string): number {
  const time = (date: string) => {
    const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((time(to) - time(from)) / 86_400_000) + 1;
}

const dateField = (missing: string) =>
  z
    .string(missing)
    .min(1, { message: missing, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Choose dates written as YYYY-MM-DD", abort: true })
    .refine(isValidIsoDate, { message: "Choose a date that exists", abort: true });

/** GET /api/admin/receipts.csv?from=&to=: clinic dates, both included, 366 days at most. */
export const receiptsQuerySchema = z
  .object({
    from: dateField("Choose the first date"),
    to: dateField("Choose the last date"),
  })
  .refine(({ from, to }) => from <= to, {
    message: "The first date must not be after the last",
    path: ["to"],
  })
  .refine(({ from, to }) => from > to || dayCount(from, to) <= MAX_RECEIPT_DAYS, {
    message: `Choose at most ${MAX_RECEIPT_DAYS} days at a time`,
    path: ["to"],
  })
  // The range ends at the start of the day after the last: 9999-12-31 has none.
  .refine(({ to }) => to < "9999-12-31", { message: "Choose a date before the year 10000", path: ["to"] });

export type ReceiptsQuery = z.infer<typeof receiptsQuerySchema>;

/** GET /api/admin/receipts/summary?from=&to=: what the receipts' file of those dates will hold, before it is asked for. */
export interface ReceiptsSummary {
  from: string;
  to: string;
  /** Payments received between the dates (both included), and their amount in whole rupees. */
  payments: number;
  amount: number;
}

/** One month of the practice. Amounts are whole rupees. */
export interface InsightsMonth {
  /** YYYY-MM, in the clinic's zone. */
  month: string;
  /** Paid bookings for a date in the month, confirmed or completed (upcoming ones of the month included). */
  consultations: number;
  /** Bookings for a date in the month the doctor marked no-show. */
  noShows: number;
  /** Payments received in the month (by the time they were received), before any refund. */
  received: number;
  /** Refunds that reached the parent in the month (succeeded, by the time they did): how many, and how much. */
  refunds: number;
  refunded: number;
  /** Bookings started in the month that held a time for a payment (free follow-ups and replaced holds left out). */
  holds: number;
  /** Of those holds, how many became paid bookings. */
  paidHolds: number;
}

/** The bookings started from one article's page over the months shown. */
export interface ArticleAttribution {
  slug: string;
  /** The article's title now; null when no article has the slug any more. */
  title: string | null;
  /** Holds started from the article's page. */
  holds: number;
  /** Of those, how many became paid bookings. */
  paidHolds: number;
}

/** GET /api/admin/insights */
export interface AdminInsights {
  from: string;
  to: string;
  /** The clinic's month and date now. */
  currentMonth: string;
  today: string;
  timeZone: string;
  months: InsightsMonth[];
  /** The months added up. */
  totals: Omit<InsightsMonth, "month">;
  /** Most paid bookings first. */
  articles: ArticleAttribution[];
}

/** Holds that became paid bookings, in percent with no decimals; null when there were no holds. */
export function conversionPercent(holds: number, paidHolds: number): number | null {
  return holds === 0 ? null : Math.round((paidHolds / holds) * 100);
}
