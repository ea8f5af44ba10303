import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while the page is rendered on the server and while it hydrates, true once its script has taken over: a
 * control whose choice only the script can act on is offered from then on.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
