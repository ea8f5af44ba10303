/**
 * A follow-up consultation: booked at the follow-up fee (0: free) from the link of a completed consultation, on the
 * parent's manage page or on the prescription, for the same patient, within the doctor's follow-up period.
 */

export type ConsultationType = "consultation" | "follow_up";

/** The URL parameter of the home page that opens the booking dialog for a follow-up. */
export const FOLLOW_UP_PARAM = "followUp";

/**
 * A follow-up link's key: 32 random bytes in base64url. (Checked by `followUpKeySchema` in booking.ts: this module
 * stays free of zod, since the page's first download reads the parameter's name from it.)
 */
export const FOLLOW_UP_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** GET /api/follow-ups/{key}: what the booking dialog needs to book the follow-up, and nothing more. */
export interface FollowUpOffer {
  /** The patient of the consultation, whom the follow-up is for. */
  patientName: string;
  patientAge: number;
  patientAgeMonths: number | null;
  guardianName: string | null;
  guardianRelationship: string | null;
  /** The follow-up fee in rupees; 0 when it is free. */
  fee: number;
  /** The last day (YYYY-MM-DD, the clinic's zone) a follow-up can be booked for. */
  lastDate: string;
}

/** The manage page's offer of a follow-up for a completed consultation. */
export interface FollowUpLink {
  fee: number;
  lastDate: string;
  /** The home page with the booking dialog opened for this follow-up. */
  url: string;
}

/**
 * GET /api/admin/appointments/{id}/follow-up: the consultation's follow-up link, or why there is none in the doctor's
 * words; `inSettings` when setting the follow-up fee in Settings would give one.
 */
export type DoctorsFollowUp =
  { available: true; link: FollowUpLink } | { available: false; reason: string; inSettings?: true };

export function followUpPriceLabel(fee: number): string {
  return fee === 0 ? "free" : `₹${fee.toLocaleString("en-IN")}`;
}

/** "follow-up within 7 days free", as the fee is stated up front. */
export function followUpOfferText(rule: { fee: number; withinDays: number }): string {
  const days = rule.withinDays === 1 ? "1 day" : `${rule.withinDays} days`;
  return rule.fee === 0
    ? `follow-up within ${days} free`
    : `follow-up within ${days} ${followUpPriceLabel(rule.fee)}`;
}

/** The same person's name however it was spaced or capitalised: a follow-up is for the patient of the consultation. */
export function sameName(a: string, b: string): boolean {
  const normal = (name: string) => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en-IN");
  return normal(a) === normal(b);
}
