import type { PublicConfig } from "@shared/booking";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "./api";

/** The clinic's public settings (fee, zone, payment mode, booking horizon): read by the booking, the manage page, the
 * video page, the payment page and the dashboard, and put into the first page by the server's render. */
export const publicConfigKey = ["config"] as const;

export function publicConfigQuery() {
  return queryOptions({
    queryKey: publicConfigKey,
    queryFn: () => apiGet<PublicConfig>("/api/config"),
  });
}
