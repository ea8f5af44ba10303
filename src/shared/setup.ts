import type { ChannelSetup } from "./admin";
import type { FollowUpRule } from "./practice-settings";

/**
 * GET /api/admin/setup: what a new practice still has to set up, as facts; the dashboard's checklist words them.
 * Nothing here is a secret: only whether one is present.
 */
export interface SetupFacts {
  /** The doctor's own profile replaced the sample (saved in Settings, or given by SITE_PROFILE_FILE). */
  profileReplaced: boolean;
  photoUploaded: boolean;
  signatureUploaded: boolean;
  /** The registration number is not the sample's placeholder. */
  registrationSet: boolean;
  fees: { consultationFee: number; followUp: FollowUpRule | null; savedByDoctor: boolean };
  /** Whether the doctor's copies go to her own e-mail and WhatsApp (Settings or the server's), not the public ones. */
  ownContacts: { email: boolean; whatsapp: boolean };
  /** Sample articles still published under the doctor's name. */
  sampleArticles: number;
  /** The weekly hours were saved in the dashboard (else the defaults apply). */
  hoursSaved: boolean;
  payments: {
    provider: "cashfree" | "simulator";
    environment: "sandbox" | "production";
    keysPresent: boolean;
  };
  email: ChannelSetup;
  whatsapp: ChannelSetup;
  video: { service: "jaas" | "jitsi-token" | "jitsi"; domain: string };
  /** Whether the server runs in production (NODE_ENV=production). */
  production: boolean;
}

/** POST /api/admin/setup/test-email: where the test went, and what happened. */
export interface SetupEmailTest {
  to: string;
  outcome: "sent" | "written_to_file" | "skipped";
  note: string | null;
}
