import { type ProfileSource, siteProfileSchema, type SiteProfile } from "@shared/site-profile";
import type { Db } from "../../db/client";
import { readPracticeSetting } from "../practice-settings/repository";

export interface ProfileStore extends ProfileSource {
  /** Reads the saved profile again: called when any process says public content changed. */
  reload(): Promise<void>;
  /** Takes a profile this process has just saved (its transaction committed). */
  replace(profile: SiteProfile): void;
}

/**
 * The profile the doctor saved in Settings, or, until she has, the one the server started with (SITE_PROFILE_FILE
 * over the sample). It is kept in memory, since every page shows it, and read again whenever public content changes
 * in any process on the database. A saved profile that no longer fits the schema (a newer version that changed it)
 * is reported and the start-up profile shown until the doctor saves again.
 */
export async function openProfileStore(
  db: Db,
  seed: SiteProfile,
  report: (message: string) => void,
): Promise<ProfileStore> {
  let profile = seed;
  let saved = false;
  // Reloads may overlap (two changes in a row); only the latest one's answer is kept.
  let generation = 0;

  async function reload(): Promise<void> {
    const mine = ++generation;
    const stored = await readPracticeSetting(db, "profile");
    if (mine !== generation) return;
    if (stored === undefined) {
      profile = seed;
      saved = false;
      return;
    }
    const parsed = siteProfileSchema.safeParse(stored);
    if (parsed.success) {
      profile = parsed.data;
      saved = true;
    } else {
      report(
        `The profile saved in Settings does not fit this version (${parsed.error.issues
          .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
          .join("; ")}); showing the start-up profile until it is saved again`,
      );
      profile = seed;
      saved = false;
    }
  }

  await reload();
  return {
    current: () => profile,
    savedInDashboard: () => saved,
    reload,
    replace(next) {
      generation++;
      profile = next;
      saved = true;
    },
  };
}
