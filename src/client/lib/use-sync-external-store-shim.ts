/**
 * wouter imports useSyncExternalStore through the `use-sync-external-store` shim, which carries a fallback for React
 * versions before 18; vite.config.ts points the shim here, at React's own, so that fallback is not downloaded.
 */
export { useSyncExternalStore } from "react";
