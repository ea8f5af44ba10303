import type { ProfileOnPage } from "@shared/profile-language";

/**
 * The doctor's profile and the clinic's time zone arrive inside the page itself (the page data the server writes),
 * so the site shows the doctor's details on first paint without waiting for an API call on a slow network. They are
 * the same for every page of a running site; the entry that starts the app (browser or server) provides them once,
 * before the first render.
 */
export let siteProfile: ProfileOnPage = undefined as unknown as ProfileOnPage;
export let clinicTimeZone = "Asia/Kolkata";
/** True while the site shows the built-in sample doctor, until the doctor saves her own profile. */
export let showsSampleProfile = false;

export function provideSiteProfile(profile: ProfileOnPage, timeZone: string, sample = false): void {
  siteProfile = profile;
  clinicTimeZone = timeZone;
  showsSampleProfile = sample;
}
