import { useQuery } from "@tanstack/react-query";
import { handleUnauthorized, queryClient } from "@/lib/query-client";
import { sessionQuery, adminKeys } from "./api";

/**
 * A 401 from any admin call means the session ended (idle or absolute expiry, or a logout in another tab): the
 * guard then shows the sign-in page and opens the login dialog, instead of a dashboard full of failed calls.
 */
handleUnauthorized(() => queryClient.setQueryData(adminKeys.session, null));

/** The administrator's session: the session, null when signed out (401), undefined while loading. */
export function useAdminSession() {
  return useQuery(sessionQuery());
}
