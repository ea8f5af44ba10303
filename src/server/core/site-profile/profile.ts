import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { isSampleRegistration, sampleProfile } from "@shared/sample-profile";
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

/** What receipts and prescriptions answer in production while the registration is still the sample's. */
export const PLACEHOLDER_REGISTRATION_MESSAGE =
  "The doctor's registration number is not set yet, and receipts and prescriptions carry it. The doctor sets it in the dashboard's Settings.";

/** Whether the profile still gives the sample's registration number, which is nobody's. */
export function hasPlaceholderRegistration(profile: SiteProfile): boolean {
  return isSampleRegistration(profile.doctor.registration.number);
}

/**
 * The doctor's profile: the sample, overridden by the deployer's JSON file when one is named. A file that cannot be
 * read or that gives a wrong shape stops the start with a message naming the file and each wrong field.
 */
export function loadSiteProfile(file: string | undefined): SiteProfile {
  const profile = readProfile(file);
  if (file && profile.doctor.signatureImage)
    checkSignatureImage(signatureImageFile(profile, file, "."), file);
  return profile;
}

/**
 * The file of the doctor's signature image, or undefined when the profile has none. A relative path is read from the
 * profile file's folder (from the data folder when the profile is not a file).
 */
export function signatureImageFile(
  profile: SiteProfile,
  profileFile: string | undefined,
  dataDir: string,
): string | undefined {
  const image = profile.doctor.signatureImage;
  if (!image) return undefined;
  return resolve(profileFile ? dirname(resolve(profileFile)) : resolve(dataDir), image);
}

const SIGNATURE_MAX_BYTES = 1024 * 1024;

/** True for the bytes of a PNG or a JPEG, the two formats a PDF can embed as they are. */
function isPngOrJpeg(bytes: Buffer): boolean {
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/** A signature that cannot be printed stops the start, rather than the first prescription sent to a parent. */
function checkSignatureImage(path: string | undefined, profileFile: string): void {
  if (!path) return;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(
      `SITE_PROFILE_FILE ${profileFile}: doctor.signatureImage ${path} could not be read: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (!isPngOrJpeg(bytes))
    throw new Error(
      `SITE_PROFILE_FILE ${profileFile}: doctor.signatureImage ${path} must be a PNG or JPEG image`,
    );
  if (bytes.length > SIGNATURE_MAX_BYTES)
    throw new Error(`SITE_PROFILE_FILE ${profileFile}: doctor.signatureImage ${path} must be at most 1 MB`);
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
