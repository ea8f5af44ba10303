import { useQuery } from "@tanstack/react-query";
import { publicConfigQuery } from "@/lib/public-config";
import { formatInstant } from "./notification-format";

/**
 * Writes an instant as the dashboard does, in the clinic's zone with its short name ("26 Nov 2026, 2:41 AM IST"),
 * never in the browser's own zone.
 */
export function useClinicInstant(): { at: (iso: string) => string; zone: string | undefined } {
  const { data: config } = useQuery(publicConfigQuery());
  return {
    at: (iso) => formatInstant(iso, config?.clinicTimeZone, config?.timeZoneLabel),
    zone: config?.timeZoneLabel,
  };
}
