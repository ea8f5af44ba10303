import { queryOptions } from "@tanstack/react-query";
import { publicConfigRead } from "./public-config-read";

/** The clinic's public settings (fee, zone, payment mode, booking horizon): read by the booking, the manage page, the
 * video page, the payment page and the dashboard, and put into every page by the server's render. */
export const publicConfigKey = publicConfigRead.key;

export function publicConfigQuery() {
  return queryOptions({ queryKey: publicConfigKey, queryFn: publicConfigRead.fetch });
}
