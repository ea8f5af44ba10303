import { randomBytes } from "node:crypto";
import { isLanguage, languagePrefix } from "@shared/i18n/languages";
import { followUpKeySchema } from "@shared/booking";
import { addDaysToDate, clinicDate } from "@shared/clinic-time";
import {
  type DoctorsFollowUp,
  FOLLOW_UP_PARAM,
  type FollowUpLink,
  type FollowUpOffer,
  sameName,
} from "@shared/follow-up";
import type { FollowUpRule } from "@shared/practice-settings";
import { longDate } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import * as appointments from "../../core/appointments/repository";
import type { AppointmentRow } from "../../core/appointments/repository";
import * as settings from "../settings/service";

/**
 * Follow-up consultations: the doctor's follow-up rule (Settings) applied to one completed consultation. The link
 * carries a key of its own, not the manage link's token: it is printed on the prescription, which the parent shows
 * to others, and it only lets its holder book one follow-up for this patient.
 */

export const FOLLOW_UP_LINK_MESSAGE = "This follow-up link is not valid. Please book a new consultation.";
export const FOLLOW_UP_TAKEN_MESSAGE = "A follow-up has already been booked for this consultation.";

/** What a consultation gives under the rule now, or why it gives nothing, in the parent's words. */
type Eligibility =
  { eligible: true; rule: FollowUpRule; lastDate: string } | { eligible: false; reason: string };

function lastDateOf(row: AppointmentRow, rule: FollowUpRule): string {
  return addDaysToDate(row.appointmentDate, rule.withinDays);
}

async function eligibility(db: Db, config: Config, row: AppointmentRow, now: Date): Promise<Eligibility> {
  const { followUp } = await settings.currentFees(db, config);
  if (!followUp)
    return {
      eligible: false,
      reason:
        "The doctor does not offer follow-ups at a separate fee at present. Please book a new consultation.",
    };
  if (row.consultationType !== "consultation" || row.anonymisedAt)
    return { eligible: false, reason: FOLLOW_UP_LINK_MESSAGE };
  if (row.status === "confirmed")
    return {
      eligible: false,
      reason: "A follow-up can be booked once the doctor has marked this consultation completed.",
    };
  if (row.status !== "completed")
    return {
      eligible: false,
      reason: "This consultation did not take place, so it has no follow-up. Please book a new consultation.",
    };
  const lastDate = lastDateOf(row, followUp);
  if (clinicDate(now, config.booking.timeZone) > lastDate)
    return {
      eligible: false,
      reason: `The follow-up period for this consultation ended on ${longDate(lastDate)}. Please book a new consultation.`,
    };
  if (await appointments.followUpBookedFrom(db, row.id, now))
    return { eligible: false, reason: FOLLOW_UP_TAKEN_MESSAGE };
  return { eligible: true, rule: followUp, lastDate };
}

/** The consultation's follow-up link, its key made the first time it is needed. */
/** The follow-up's link: the home page in the booking's language, which opens the booking dialog for it. */
async function linkOf(db: Db, siteUrl: string, row: AppointmentRow): Promise<string> {
  const key = await appointments.followUpKeyOf(db, row.id, randomBytes(32).toString("base64url"));
  const prefix = isLanguage(row.language) ? languagePrefix(row.language) : "";
  return `${siteUrl.replace(/\/+$/, "")}${prefix}/?${FOLLOW_UP_PARAM}=${key ?? ""}`;
}

/** The manage page's offer: for a completed consultation whose follow-up can be booked now; else null. */
export async function followUpLinkFor(
  db: Db,
  config: Config,
  siteUrl: string,
  row: AppointmentRow,
  now: Date,
): Promise<FollowUpLink | null> {
  if (row.status !== "completed") return null;
  const found = await eligibility(db, config, row, now);
  if (!found.eligible) return null;
  return { fee: found.rule.fee, lastDate: found.lastDate, url: await linkOf(db, siteUrl, row) };
}

/**
 * The link printed on a consultation's prescription, while the doctor offers follow-ups: the prescription is often
 * written before the consultation is marked completed, so the page it opens says when the follow-up can be booked.
 */
export async function prescriptionFollowUpLink(
  db: Db,
  config: Config,
  siteUrl: string,
  row: AppointmentRow,
): Promise<{ url: string; rule: FollowUpRule } | undefined> {
  const { followUp } = await settings.currentFees(db, config);
  if (!followUp || row.consultationType !== "consultation" || row.anonymisedAt) return undefined;
  // A consultation cancelled or missed after its prescription gives no follow-up: its PDF offers none.
  if (row.status !== "confirmed" && row.status !== "completed") return undefined;
  return { url: await linkOf(db, siteUrl, row), rule: followUp };
}

async function consultationForKey(db: Db, key: string, lock: boolean): Promise<AppointmentRow> {
  const parsed = followUpKeySchema.safeParse(key);
  const row = parsed.success ? await appointments.findByFollowUpKey(db, parsed.data, { lock }) : undefined;
  if (!row) throw new HttpError(404, FOLLOW_UP_LINK_MESSAGE);
  return row;
}

/** GET /api/follow-ups/{key}: the patient and the price, or a 409 saying why no follow-up can be booked. */
export async function followUpOffer(db: Db, config: Config, key: string, now: Date): Promise<FollowUpOffer> {
  const row = await consultationForKey(db, key, false);
  const found = await eligibility(db, config, row, now);
  if (!found.eligible) throw new HttpError(409, found.reason);
  return {
    patientName: row.patientName,
    patientAge: row.patientAge,
    patientAgeMonths: row.patientAgeMonths,
    guardianName: row.guardianName,
    guardianRelationship: row.guardianRelationship,
    fee: found.rule.fee,
    lastDate: found.lastDate,
  };
}

/** The price and origin of a follow-up being booked, decided on the locked consultation inside the booking's transaction. */
export interface FollowUpPrice {
  fee: number;
  amount: number;
  followUpOf: string;
  /** The follow-up's last possible day: the parent cannot move it later. */
  followUpUntil: string;
}

/**
 * Locks the consultation a follow-up is booked from, first in the booking's transaction: every booking from one link
 * then takes its locks in the same order (the consultation, then any hold it replaces), so none waits for another in
 * a circle. A key that opens nothing is the same 404 as later.
 */
export async function lockFollowUpConsultation(tx: Db, key: string): Promise<void> {
  await consultationForKey(tx, key, true);
}

export async function priceFollowUp(
  tx: Db,
  config: Config,
  key: string,
  booking: { patientName: string; appointmentDate: string },
  now: Date,
): Promise<FollowUpPrice> {
  // Locked: two follow-ups booked at once from one link are decided one after the other.
  const row = await consultationForKey(tx, key, true);
  const found = await eligibility(tx, config, row, now);
  if (!found.eligible) throw new HttpError(409, found.reason);
  if (!sameName(booking.patientName, row.patientName))
    throw new HttpError(
      409,
      `This follow-up is for ${row.patientName}. To book for someone else, please book a new consultation.`,
    );
  if (booking.appointmentDate > found.lastDate)
    throw new HttpError(
      409,
      `A follow-up must be on or before ${longDate(found.lastDate)}. Please choose an earlier day, or book a new consultation.`,
    );
  return { fee: found.rule.fee, amount: found.rule.fee, followUpOf: row.id, followUpUntil: found.lastDate };
}

/**
 * The consultation workspace's "Book a follow-up": the link that opens the booking for this patient at the
 * follow-up fee (the doctor sends it to the parent, or books with it herself), or why there is none now, in the
 * parent's words, which the doctor reads as they are.
 */
export async function followUpForDoctor(
  db: Db,
  config: Config,
  siteUrl: string,
  row: AppointmentRow,
  now: Date,
): Promise<DoctorsFollowUp> {
  const { followUp } = await settings.currentFees(db, config);
  if (!followUp)
    return {
      available: false,
      reason:
        "You do not offer follow-ups at a separate fee: set the follow-up fee and period in Settings, under Fees.",
      inSettings: true,
    };
  if (row.status === "confirmed")
    return { available: false, reason: "Mark the consultation completed to offer its follow-up." };
  const found = await eligibility(db, config, row, now);
  if (!found.eligible) return { available: false, reason: found.reason };
  return {
    available: true,
    link: { fee: found.rule.fee, lastDate: found.lastDate, url: await linkOf(db, siteUrl, row) },
  };
}
