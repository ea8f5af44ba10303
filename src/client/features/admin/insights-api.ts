import type { AdminInsights, ReceiptsQuery, ReceiptsSummary } from "@shared/insights";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/api";

/** The months asked for; null leaves them to the server (the last twelve in the clinic's zone). */
export interface MonthRange {
  from: string;
  to: string;
}

/** Under ["admin"] like every dashboard read, so signing out drops it with the rest. */
const insightsKeys = {
  months: (range: MonthRange | null) =>
    ["admin", "insights", range?.from ?? null, range?.to ?? null] as const,
  receipts: (dates: ReceiptsQuery | null) =>
    ["admin", "insights", "receipts", dates?.from ?? null, dates?.to ?? null] as const,
};

export function insightsQuery(range: MonthRange | null) {
  const query = range ? `?${new URLSearchParams({ from: range.from, to: range.to }).toString()}` : "";
  return queryOptions({
    queryKey: insightsKeys.months(range),
    queryFn: () => apiGet<AdminInsights>(`/api/admin/insights${query}`),
    // Another range keeps the table of the last one on the screen until its own figures arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * The receipts' CSV, downloaded by the browser itself (a plain GET with the session cookie, answered as an
 * attachment): the file is saved as it streams, never held in the page's memory.
 */
export const RECEIPTS_CSV_PATH = "/api/admin/receipts.csv";

/** How many payments the receipts' file of these dates holds (null: the dates are not right yet, nothing asked). */
export function receiptsSummaryQuery(dates: ReceiptsQuery | null) {
  return queryOptions({
    queryKey: insightsKeys.receipts(dates),
    queryFn: () =>
      apiGet<ReceiptsSummary>(
        `/api/admin/receipts/summary?${new URLSearchParams({ from: dates?.from ?? "", to: dates?.to ?? "" }).toString()}`,
      ),
    enabled: dates !== null,
    placeholderData: keepPreviousData,
  });
}
