import type { SiteProfile } from "@shared/site-profile";

/**
 * The doctor's profile arrives inside the page itself (written by the server into a JSON script element), so the
 * home page shows the doctor's details on first paint without waiting for an API call on a slow network.
 */
function readSiteProfile(): SiteProfile {
  const element = document.getElementById("site-profile");
  if (!element?.textContent)
    throw new Error("The page has no site profile; it must be served by the app server.");
  return JSON.parse(element.textContent) as SiteProfile;
}

export const siteProfile: SiteProfile = readSiteProfile();
