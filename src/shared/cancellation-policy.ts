/**
 * The published cancellation and rescheduling policy (Refunds & Cancellations page), as pure functions of the
 * appointment, the time now and its history. The manage link, the API and the Refunds page all read it from here, so
 * what the page promises is what the buttons do.
 *
 * Time bands count back from the appointment's start (an instant, from its date and time in the clinic's zone):
 * - more than `fullRefundHours` (24) before: cancel for 100 % of the amount paid, or reschedule;
 * - from `partialRefundHours` (12) up to and including 24 hours before: cancel for 50 %, or reschedule if no
 *   reschedule was made yet;
 * - less than 12 hours before, or once it has started (no-show): cancel for nothing; no reschedule.
 * Exactly 24 hours before is in the 50 % band; exactly 12 hours before still is.
 */
import type { LegalMessageId } from "./i18n/messages";

interface CancellationPolicy {
  /** Cancelling more than this many hours before the start refunds everything. */
  fullRefundHours: number;
  /** Cancelling at least this many hours before the start refunds `partialRefundPercent`; later, nothing. */
  partialRefundHours: number;
  partialRefundPercent: number;
  /** Reschedules a booking may have in all. */
  maxReschedules: number;
  /** Business days a refund takes to reach the bank, as the payment gateway states. */
  refundBusinessDays: string;
}

export const DEFAULT_POLICY: CancellationPolicy = {
  fullRefundHours: 24,
  partialRefundHours: 12,
  partialRefundPercent: 50,
  maxReschedules: 2,
  refundBusinessDays: "5–7",
};

export type PolicyBand = "full" | "partial" | "late" | "started";

/** Why an action is refused; `message` is written for the parent. */
export type PolicyRefusal =
  "not_active" | "started" | "too_late" | "reschedule_limit" | "one_reschedule_inside_24h";

interface PolicyInput {
  /** The appointment's status: only a confirmed one can be changed by the parent. */
  status: string;
  startsAt: Date;
  /** The amount paid, in rupees. */
  amountPaid: number;
  /** Reschedules already made. */
  reschedules: number;
}

export interface PolicyDecision {
  band: PolicyBand;
  cancel: {
    allowed: boolean;
    refundPercent: number;
    refundAmount: number;
    reason?: PolicyRefusal;
    message?: string;
  };
  reschedule: {
    allowed: boolean;
    remaining: number;
    reason?: PolicyRefusal;
    message?: string;
  };
}

const MINUTE = 60_000;

/** The band the time now falls in, to the minute (seconds are not rounded: 24 h 0 min 1 s is "more than 24 h"). */
export function policyBand(
  startsAt: Date,
  now: Date,
  policy: CancellationPolicy = DEFAULT_POLICY,
): PolicyBand {
  const left = startsAt.getTime() - now.getTime();
  if (left <= 0) return "started";
  if (left > policy.fullRefundHours * 60 * MINUTE) return "full";
  if (left >= policy.partialRefundHours * 60 * MINUTE) return "partial";
  return "late";
}

/** The refund of a cancellation in a band: whole rupees, rounded down. */
export function refundFor(
  band: PolicyBand,
  amountPaid: number,
  policy: CancellationPolicy = DEFAULT_POLICY,
): { percent: number; amount: number } {
  const percent = band === "full" ? 100 : band === "partial" ? policy.partialRefundPercent : 0;
  return { percent, amount: Math.floor((amountPaid * percent) / 100) };
}

/** Why the policy refuses a change, as the server says it (the manage page says it by reason, in its language). */
export const REFUSAL_MESSAGES: Record<PolicyRefusal, string> = {
  not_active: "This booking is no longer active, so it cannot be changed.",
  started: "This consultation has already started, so it can no longer be changed.",
  too_late: "Less than 12 hours are left before the consultation, so it can no longer be rescheduled.",
  reschedule_limit: "This booking has already been rescheduled twice, the most the policy allows.",
  one_reschedule_inside_24h:
    "Within 24 hours of the consultation a booking can be rescheduled only if it was not rescheduled before.",
};

/** What the parent may do now, and for how much. */
export function decide(
  input: PolicyInput,
  now: Date,
  policy: CancellationPolicy = DEFAULT_POLICY,
): PolicyDecision {
  const band = policyBand(input.startsAt, now, policy);
  const remaining = Math.max(0, policy.maxReschedules - input.reschedules);
  const refusal = (reason: PolicyRefusal) => ({ reason, message: REFUSAL_MESSAGES[reason] });

  if (input.status !== "confirmed") {
    return {
      band,
      cancel: { allowed: false, refundPercent: 0, refundAmount: 0, ...refusal("not_active") },
      reschedule: { allowed: false, remaining, ...refusal("not_active") },
    };
  }
  if (band === "started") {
    return {
      band,
      cancel: { allowed: false, refundPercent: 0, refundAmount: 0, ...refusal("started") },
      reschedule: { allowed: false, remaining, ...refusal("started") },
    };
  }
  const refund = refundFor(band, input.amountPaid, policy);
  const cancel = { allowed: true, refundPercent: refund.percent, refundAmount: refund.amount };
  let reschedule: PolicyDecision["reschedule"];
  if (band === "late") reschedule = { allowed: false, remaining, ...refusal("too_late") };
  else if (remaining === 0) reschedule = { allowed: false, remaining, ...refusal("reschedule_limit") };
  else if (band === "partial" && input.reschedules > 0)
    reschedule = { allowed: false, remaining, ...refusal("one_reschedule_inside_24h") };
  else reschedule = { allowed: true, remaining };
  return { band, cancel, reschedule };
}

/** One of the policy's rows in words: a message of the legal pages' catalogue and its values. */
export interface PolicyWords {
  id: LegalMessageId;
  values?: Record<string, number>;
}

export interface PolicyRow {
  /** The row in English, as the Refunds page has always said it. */
  when: string;
  outcome: string;
  /** The same row as messages of the legal catalogue (`refunds.row.*`), for the page in each language. */
  words: { when: PolicyWords; outcome: PolicyWords };
}

/** The policy's rows as the Refunds page shows them. */
export function policyRows(policy: CancellationPolicy = DEFAULT_POLICY): PolicyRow[] {
  const full = policy.fullRefundHours;
  const partial = policy.partialRefundHours;
  const percent = policy.partialRefundPercent;
  return [
    {
      when: `More than ${full} hours before the appointment`,
      outcome: "Full refund, or reschedule free of charge",
      words: {
        when: { id: "refunds.row.full.when", values: { hours: full } },
        outcome: { id: "refunds.row.full.outcome" },
      },
    },
    {
      when: `Between ${partial} and ${full} hours before the appointment`,
      outcome: `${percent}% refund, or one free reschedule`,
      words: {
        when: { id: "refunds.row.partial.when", values: { from: partial, to: full } },
        outcome: { id: "refunds.row.partial.outcome", values: { percent } },
      },
    },
    {
      when: `Less than ${partial} hours before the appointment, or no-show`,
      outcome: "No refund",
      words: {
        when: { id: "refunds.row.late.when", values: { hours: partial } },
        outcome: { id: "refunds.row.late.outcome" },
      },
    },
  ];
}
