import type { PublicConfig } from "@shared/booking";
import { apiGet } from "./api";
import type { ReadSource } from "./page-reads";

/**
 * The clinic's public settings (fee, zone, payment mode, booking horizon, hours): every page carries them. The public
 * pages read them with this (lib/page-reads.tsx), the others through Query (lib/public-config.ts), by the same key.
 */
export const publicConfigRead = {
  key: ["config"] as const,
  fetch: () => apiGet<PublicConfig>("/api/config"),
} satisfies ReadSource<PublicConfig>;
