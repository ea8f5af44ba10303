import { hoursLines } from "@shared/consultation-hours";
import type { SiteProfile } from "@shared/site-profile";
import { useQuery } from "@tanstack/react-query";
import { publicConfigQuery } from "./public-config";

/**
 * The profile's hours as the pages show them: the first entry is the consultation hours, whose time is the doctor's
 * weekly hours as the server states them (GET /api/config), so it follows every change she makes; the other entries
 * (e-mail enquiries...) are the profile's own. Until the settings are read, the profile's words stand.
 */
export function useHoursEntries(hours: SiteProfile["contact"]["hours"]): { days: string; times: string[] }[] {
  const { data: config } = useQuery(publicConfigQuery());
  return hours.map((entry, index) => ({
    days: entry.days,
    times: index === 0 && config ? hoursLines(config.consultationHours) : [entry.time],
  }));
}
