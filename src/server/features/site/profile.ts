import { readFileSync } from "node:fs";
import { sampleProfile } from "@shared/sample-profile";
import { siteProfileSchema, type SiteProfile } from "@shared/site-profile";

type Json = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Objects merge key by key; arrays and values replace the sample's wholesale (a list is the deployer's list). */
function mergeOverride(base: Json, override: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeOverride(current, value) : value;
  }
  return merged;
}

/**
 * The doctor's profile: the sample, overridden by the deployer's JSON file when one is named. A file that cannot be
 * read or that gives a wrong shape stops the start with a message naming the file and each wrong field.
 */
export function loadSiteProfile(
  file: string | undefined,
  options: { production?: boolean } = {},
): SiteProfile {
  const profile = readProfile(file);
  // Receipts carry the registration; a sample number on a real receipt would be a false statement.
  if (options.production && profile.doctor.registration.number === sampleProfile.doctor.registration.number) {
    throw new Error(
      "In production the site profile must give the doctor's registration (doctor.registration.number and council), which fee receipts carry: set it in SITE_PROFILE_FILE",
    );
  }
  return profile;
}

function readProfile(file: string | undefined): SiteProfile {
  if (!file) return sampleProfile;
  let override: unknown;
  try {
    override = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`SITE_PROFILE_FILE ${file} could not be read as JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!isPlainObject(override)) throw new Error(`SITE_PROFILE_FILE ${file} must contain a JSON object`);
  const result = siteProfileSchema.safeParse(mergeOverride(sampleProfile, override));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`SITE_PROFILE_FILE ${file} has problems:\n${problems.join("\n")}`);
  }
  return result.data;
}
