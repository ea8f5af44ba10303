import { useEffect } from "react";

/** The longest wait setTimeout keeps (about 24 days); a later moment is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Asks the server again when a moment comes (an ISO instant, such as a consultation's start), so what opens then
 * appears without a reload. A second late, so the server's clock has passed it too; should the answer still be the
 * same (this computer's clock is ahead), it is asked again every half minute.
 */
export function useRefetchAt(at: string | undefined, refetch: () => unknown): void {
  useEffect(() => {
    if (!at) return;
    const wait = Date.parse(at) - Date.now();
    if (Number.isNaN(wait)) return;
    const timer = setTimeout(
      () => void refetch(),
      Math.min(wait > 0 ? wait + 1000 : 30_000, LONGEST_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [at, refetch]);
}
