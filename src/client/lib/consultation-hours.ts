import type { PublicConfig } from "@shared/booking";
import { hoursLines } from "@shared/consultation-hours";
import type { SiteProfile } from "@shared/site-profile";
import { useQueryClient } from "@tanstack/react-query";
import { publicConfigKey } from "./public-config";

/**
 * The profile's hours as the pages show them: the first entry is the consultation hours, whose time is the doctor's
 * weekly hours as the server states them (GET /api/config), so it follows every change she makes; the other entries
 * (e-mail enquiries...) are the profile's own. The settings are read from what the page arrived with (every public
 * page carries them), without a query of its own, which would add its code to the home page's first script; until
 * they are there, the profile's words stand.
 */
export function useHoursEntries(hours: SiteProfile["contact"]["hours"]): { days: string; times: string[] }[] {
  const config = useQueryClient().getQueryData<PublicConfig>(publicConfigKey);
  return hours.map((entry, index) => ({
    days: entry.days,
    times: index === 0 && config ? hoursLines(config.consultationHours) : [entry.time],
  }));
}
