import { useEffect } from "react";

/** The longest wait setTimeout keeps (about 24 days); a later moment is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** How often the server is asked again while the moment has not come, in case this computer's clock is wrong. */
const CHECK_EVERY_MS = 60_000;

/**
 * Asks the server again when a moment comes (an ISO instant, such as a consultation's start), so what opens then
 * appears without a reload. A second late, so the server's clock has passed it too. A computer's clock may be off by
 * minutes, so it is also asked every minute until the moment has come by the server's clock (the caller stops
 * passing `at` then).
 */
export function useRefetchAt(at: string | undefined, refetch: () => unknown): void {
  useEffect(() => {
    if (!at) return;
    const wait = Date.parse(at) - Date.now();
    if (Number.isNaN(wait)) return;
    const timer = setTimeout(() => void refetch(), Math.min(Math.max(wait + 1000, 0), LONGEST_TIMER_MS));
    const check = setInterval(() => void refetch(), CHECK_EVERY_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(check);
    };
  }, [at, refetch]);
}
