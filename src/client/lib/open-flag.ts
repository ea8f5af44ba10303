import { useSyncExternalStore } from "react";

/** A tiny app-wide open/closed flag for dialogs that any component may open (booking, admin login). */
export function createOpenFlag() {
  let open = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    open = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    open: () => set(true),
    close: () => set(false),
    // Closed while the server renders a page: dialogs open only in the browser.
    useIsOpen: () =>
      useSyncExternalStore(
        subscribe,
        () => open,
        () => false,
      ),
  };
}
