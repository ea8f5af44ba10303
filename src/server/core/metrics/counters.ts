import type { PaymentOutcome } from "@shared/booking";

/**
 * What the site counts as it works, for the metrics endpoint: the services and jobs that make a booking, confirm,
 * release or refund it, check a payment and send a message say so here. The interface keeps prom-client out of the
 * features; `createMetrics` (./metrics.ts) gives each app its own implementation, and `uncounted` serves callers
 * outside a running site (scripts, tests that run a service on their own).
 *
 * Every label value is from a short fixed list, never an id, a token or free text: a label value is a time series.
 */
export type BookingEvent = "created" | "confirmed" | "expired" | "refunded";

/** What a payment verification answered: the booking's payment outcome, or why there was none. */
export const VERIFICATION_OUTCOMES = [
  "confirmed",
  "refund_pending",
  "refunded",
  "failed",
  "pending",
  "expired",
  "cancelled",
  "not_found",
  "gateway_error",
  "error",
] as const satisfies readonly (PaymentOutcome | "not_found" | "gateway_error" | "error")[];
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** What became of a webhook from the payment gateway; `rejected` is a bad signature. */
export const WEBHOOK_OUTCOMES = ["handled", "duplicate", "ignored", "rejected", "error"] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** A refund the gateway refused (`rejected`: FAILED or CANCELLED), or a request that did not reach it (`unreachable`). */
export const REFUND_FAILURES = ["rejected", "unreachable"] as const;
export type RefundFailure = (typeof REFUND_FAILURES)[number];

/** What became of one attempt to send an outbox message; `retry` is a failure that will be tried again. */
export const DELIVERY_OUTCOMES = [
  "sent",
  "written_to_file",
  "skipped",
  "cancelled",
  "retry",
  "failed",
] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export interface ClinicCounters {
  /** Bookings held for payment, confirmed, released when their hold lapsed, and refunds the gateway paid out. */
  bookings(event: BookingEvent, count?: number): void;
  paymentVerification(outcome: VerificationOutcome): void;
  paymentWebhook(outcome: WebhookOutcome): void;
  refundFailed(reason: RefundFailure): void;
  outboxDelivery(channel: string, outcome: DeliveryOutcome): void;
}

const nothing = (): void => undefined;

/** Counts nothing: for code run outside a site (a script, a test calling a service directly). */
export const uncounted: ClinicCounters = {
  bookings: nothing,
  paymentVerification: nothing,
  paymentWebhook: nothing,
  refundFailed: nothing,
  outboxDelivery: nothing,
};
