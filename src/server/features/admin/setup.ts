import { isSampleRegistration } from "@shared/sample-profile";
import type { SetupFacts } from "@shared/setup";
import type { ProfileStore } from "../../core/site-profile/store";
import { gatewayStatus } from "./gateway-diagnostic";
import { channelSetups, type MessagingDeps } from "../notifications/service";
import { publishedSampleArticles } from "../articles/service";
import { hoursSaved } from "../schedule/service";
import * as settings from "../settings/service";

/**
 * The first-start checklist's facts: what the doctor has made her own (profile, photo, registration, fee, hours) and
 * how the deployer set up the services (payments, e-mail, WhatsApp, video). Read on every visit: each item turns done
 * as soon as its part is saved.
 */
async function ownContacts(db: MessagingDeps["db"], config: MessagingDeps["config"]) {
  const recipients = await settings.doctorRecipients(db, config);
  return { email: recipients.email !== undefined, whatsapp: recipients.whatsapp !== undefined };
}

export async function setupFacts(messaging: MessagingDeps, profiles: ProfileStore): Promise<SetupFacts> {
  const { db, config } = messaging;
  const profile = profiles.current();
  const fees = await settings.currentFees(db, config);
  const gateway = gatewayStatus(config);
  return {
    profileReplaced: profiles.savedInDashboard() || Boolean(config.siteProfileFile),
    photoUploaded: Boolean(profile.doctor.photo),
    signatureUploaded: await settings.signatureUploaded(db),
    registrationSet: !isSampleRegistration(profile.doctor.registration.number),
    fees: { ...fees, savedByDoctor: await settings.feesSavedInDashboard(db) },
    ownContacts: await ownContacts(db, config),
    sampleArticles: await publishedSampleArticles(db),
    hoursSaved: await hoursSaved(db),
    payments: {
      provider: gateway.provider,
      environment: gateway.environment === "PRODUCTION" ? "production" : "sandbox",
      keysPresent: gateway.hasAppId && gateway.hasSecretKey,
    },
    ...channelSetups(messaging),
    video: { service: config.video.service, domain: config.video.domain },
    production: config.isProduction,
  };
}
