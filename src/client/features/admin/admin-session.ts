import type { AdminSession } from "@shared/admin";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { errorStatus } from "./api-errors";

/** Query keys of the admin screens; the article keys are shared with the public pages. */
export const SESSION_KEY = ["/api/admin/session"] as const;
export const STATS_KEY = ["/api/admin/stats"] as const;
export const ADMIN_ARTICLES_KEY = ["/api/admin/articles"] as const;
export const PUBLIC_ARTICLES_KEY = ["/api/articles"] as const;
export const RECENT_APPOINTMENTS_KEY = ["/api/appointments?limit=10"] as const;
export const RESCHEDULE_REQUESTS_KEY = ["/api/admin/reschedule-requests"] as const;
export const GATEWAY_KEY = ["/api/admin/cashfree-test"] as const;

/** The administrator's session: the session, null when signed out (401), undefined while loading. */
export function useAdminSession() {
  return useQuery<AdminSession | null>({
    queryKey: SESSION_KEY,
    queryFn: getQueryFn<AdminSession>({ on401: "returnNull" }),
  });
}

/**
 * A 401 from any admin call means the session ended (idle or absolute expiry, or a logout in another tab): the
 * guard then shows the sign-in page and opens the login dialog, instead of a dashboard full of failed calls.
 */
export function noteSessionEnded(error: unknown): void {
  if (errorStatus(error) === 401) queryClient.setQueryData(SESSION_KEY, null);
}
