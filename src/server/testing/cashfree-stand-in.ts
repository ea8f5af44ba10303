import { createHash, createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { flatHeaders, listenOnLoopback } from "./loopback-server";

/**
 * A loopback stand-in for Cashfree PG (REST API v2025-01-01) for tests: real HTTP, Cashfree's documented request
 * rules, answer shapes and error bodies, plus controls for what a sandbox cannot do on demand (payments, expiry,
 * rate limits, failures, delays, signed webhooks), as Cashfree's API reference describes them.
 *
 * Where Cashfree documents no error text, the answers follow its documented pattern (code "<field>_<problem>",
 * message "<field> : <text>. Value received: <v>"); such places are marked "assumed".
 */

const API_VERSION = "2025-01-01";
const MAX_URL_LENGTH = 250;
const MAX_BODY_BYTES = 1_000_000;

export type StandInPaymentStatus = "SUCCESS" | "FAILED" | "USER_DROPPED" | "PENDING";
/** How an attempt in flight (PENDING) ends. */
export type StandInFinalPaymentStatus = Exclude<StandInPaymentStatus, "PENDING">;
export type CashfreeWebhookType =
  | "PAYMENT_SUCCESS_WEBHOOK"
  | "PAYMENT_FAILED_WEBHOOK"
  | "PAYMENT_USER_DROPPED_WEBHOOK"
  | "REFUND_STATUS_WEBHOOK";

interface CashfreeStandInOptions {
  appId: string;
  secretKey: string;
  /**
   * "production" also refuses an http return_url, as production Cashfree is reported to; the sandbox is reported
   * to accept http://localhost. Default "sandbox".
   */
  environment?: "sandbox" | "production";
  /** The stand-in's clock (order expiry, payment and webhook times), for tests that move time; the real one by default. */
  now?: () => Date;
  /** Cashfree's docs show the create-refund answer as an array, its SDK as one entity; default "object". */
  refundResponse?: "object" | "array";
}

export interface StandInRequest {
  method: string;
  /** Including the /pg prefix and any query string. */
  path: string;
  /** Lower-case names, as Node delivers them. */
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text when it was not JSON, or undefined when empty. */
  body: unknown;
  rawBody: string;
  /** Filled in when the answer is decided. */
  status?: number;
  /** True when the answer was an idempotency replay. */
  replayed?: boolean;
}

export interface SignedWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

export interface CashfreeStandIn {
  /** e.g. http://127.0.0.1:PORT/pg, the same shape as Cashfree's base URLs. */
  baseUrl: string;
  /** The app id and secret key it accepts. */
  credentials: { appId: string; secretKey: string };
  requests: StandInRequest[];
  /**
   * Adds a payment attempt; SUCCESS makes the order PAID (even an EXPIRED one: a late payment), PENDING leaves an
   * attempt in flight for complete(). A TERMINATED or TERMINATION_REQUESTED order takes no new attempt (throws).
   */
  pay(
    orderId: string,
    options?: { status?: StandInPaymentStatus; amount?: number; at?: Date },
  ): { paymentId: string };
  /**
   * Ends an attempt in flight. SUCCESS makes the order PAID, even after a termination was requested ("Incase
   * there's any active transaction which moved to success - order might not get terminated", §1.4); otherwise a
   * requested termination completes (TERMINATED).
   */
  complete(
    orderId: string,
    paymentId: string,
    options?: { status?: StandInFinalPaymentStatus; at?: Date },
  ): void;
  /** Ends a PENDING refund as the bank would: SUCCESS (with an ARN) or FAILED. */
  settleRefund(orderId: string, refundId: string, status: "SUCCESS" | "FAILED"): void;
  /** Marks an unpaid order EXPIRED. */
  expire(orderId: string): void;
  /** The next n requests answer 429 with x-ratelimit-retry: retryAfterSeconds. */
  rateLimitNext(n: number, retryAfterSeconds: number): void;
  /** The next request answers `status` with `body` (JSON unless a string), before any other check. */
  failNext(status: number, body: unknown): void;
  /** The next request is processed at once but answered only after `ms` (the "lost answer" case). */
  delayNext(ms: number): void;
  /** Drops stored idempotency keys, as Cashfree does after an undocumented retention time. */
  forgetIdempotencyKeys(): void;
  /** A webhook for the order signed exactly like Cashfree's (§2.3, §2.4), with a §2.2 payload. */
  webhookFor(orderId: string, type: CashfreeWebhookType, options?: { at?: Date }): SignedWebhook;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// State shapes (Cashfree's field names, so answers are the stored records).

interface OrderRecord {
  cf_order_id: string;
  order_id: string;
  entity: "order";
  order_currency: string;
  order_amount: number;
  order_status: string;
  payment_session_id: string;
  order_expiry_time: string;
  order_note: string | null;
  created_at: string;
  order_splits: unknown[];
  customer_details: Record<string, string | null>;
  order_meta: { return_url: string | null; notify_url: string | null; payment_methods: string | null };
  order_tags: Record<string, string> | null;
  cart_details: null;
  terminal_data: null;
  /** Not sent: kept to expire orders lazily, as Cashfree does when the expiry time passes. */
  expiresAtMs: number;
}

interface PaymentRecord {
  cf_payment_id: string;
  order_id: string;
  entity: "payment";
  error_details: Record<string, string | null> | null;
  is_captured: boolean;
  order_amount: number;
  payment_group: string;
  payment_currency: string;
  payment_amount: number;
  payment_time: string;
  payment_completion_time: string;
  payment_status: StandInPaymentStatus;
  payment_message: string;
  bank_reference: string | null;
  auth_id: null;
  authorization: null;
  payment_method: { upi: { channel: string; upi_id: string } };
  international_payment: { international: boolean };
  payment_gateway_details: Record<string, string | null>;
  payment_surcharge: null;
}

interface RefundRecord {
  cf_payment_id: string;
  cf_refund_id: string;
  order_id: string;
  refund_id: string;
  entity: "refund";
  refund_amount: number;
  refund_currency: string;
  refund_note: string | null;
  refund_status: string;
  refund_arn: string | null;
  refund_charge: number;
  status_description: string;
  metadata: null;
  refund_splits: unknown[];
  refund_type: "MERCHANT_INITIATED";
  refund_mode: string;
  created_at: string;
  processed_at: string | null;
  refund_speed: { requested: string; accepted: string; processed: string | null; message: string | null };
}

interface Answer {
  status: number;
  /** A string is sent as is; anything else as JSON. */
  body: unknown;
  headers?: Record<string, string>;
}

interface StoredIdempotency {
  fingerprint: string;
  answer: Answer;
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers.

/** Cashfree's timestamps are IST with an explicit offset, second precision: 2023-08-11T18:02:46+05:30. */
function ist(date: Date): string {
  return new Date(date.getTime() + 330 * 60_000).toISOString().replace(/\.\d{3}Z$/, "+05:30");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function received(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function error(status: number, code: string, message: string, type = "invalid_request_error"): Answer {
  return {
    status,
    body: {
      message,
      code,
      type,
      help: "Check latest errors and resolution from Merchant Dashboard API logs",
    },
  };
}

function fieldMissing(field: string): Answer {
  return error(400, `${field}_missing`, `${field} : is missing in the request. Value received: `);
}

function fieldInvalid(field: string, text: string, value: unknown): Answer {
  return error(400, `${field}_invalid`, `${field} : ${text}. Value received: ${received(value)}`);
}

function hasAtMostTwoDecimals(amount: number): boolean {
  return Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

function textWithin(value: unknown, min: number, max: number): value is string {
  return typeof value === "string" && value.length >= min && value.length <= max;
}

const ORDER_ID = /^[A-Za-z0-9_-]{3,45}$/;
const REFUND_ID = /^[A-Za-z0-9_-]{3,40}$/; // assumed: docs say "alphanumeric"; '_' and '-' accepted as for order_id
const CUSTOMER_ID = /^[A-Za-z0-9]{3,50}$/;
const PHONE = /^(\d{10}|\+\d{7,15})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** return_url / notify_url: absolute, at most 250 characters, https where required. */
function checkUrl(field: string, value: unknown, requireHttps: boolean): Answer | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") return fieldInvalid(field, "invalid url entered", value);
  if (value.length > MAX_URL_LENGTH) {
    return fieldInvalid(field, `url should be at most ${MAX_URL_LENGTH} characters`, value); // assumed wording
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fieldInvalid(field, "invalid url entered", value);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return fieldInvalid(field, "invalid url entered", value);
  if (requireHttps && url.protocol !== "https:") return fieldInvalid(field, "url should be https", value);
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Create-order validation, in the documented limits (§1.2, §5.4).

function checkCustomer(details: unknown): Answer | undefined {
  if (!isRecord(details)) return fieldMissing("customer_details");
  const { customer_id: id, customer_phone: phone, customer_email: email, customer_name: name } = details;
  if (id === undefined) return fieldMissing("customer_details.customer_id");
  if (typeof id !== "string" || !CUSTOMER_ID.test(id)) {
    return fieldInvalid("customer_details.customer_id", "should be 3-50 alphanumeric characters", id);
  }
  if (phone === undefined || phone === "") return fieldMissing("customer_details.customer_phone");
  if (typeof phone !== "string" || !PHONE.test(phone)) {
    return fieldInvalid(
      "customer_details.customer_phone",
      "should be 10 digits, or prefixed with '+' for an international number",
      phone,
    );
  }
  if (email !== undefined && (!textWithin(email, 3, 100) || !email.includes("@"))) {
    return fieldInvalid(
      "customer_details.customer_email",
      "should be a valid email of 3-100 characters",
      email,
    );
  }
  if (name !== undefined && !textWithin(name, 3, 100)) {
    return fieldInvalid("customer_details.customer_name", "should be 3-100 characters", name);
  }
  return undefined;
}

function checkMeta(meta: unknown, production: boolean): Answer | undefined {
  if (meta === undefined || meta === null) return undefined;
  if (!isRecord(meta)) return fieldInvalid("order_meta", "should be an object", meta);
  return (
    checkUrl("order_meta.return_url", meta.return_url, production) ??
    checkUrl("order_meta.notify_url", meta.notify_url, true)
  );
}

/**
 * Not in Cashfree's docs, but its recorded answer in public code: "order_expiry_time : Expiry time should be more
 * than 15 min and less than 30 days" (order_expiry_time_invalid).
 */
function checkExpiry(value: unknown, nowMs: number): Answer | undefined {
  if (value === undefined) return undefined;
  const at = typeof value === "string" ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) return fieldInvalid("order_expiry_time", "should be an ISO 8601 time", value);
  const ahead = at - nowMs;
  if (ahead <= 15 * 60_000 || ahead >= 30 * 86_400_000) {
    return error(
      400,
      "order_expiry_time_invalid",
      "order_expiry_time : Expiry time should be more than 15 min and less than 30 days",
    );
  }
  return undefined;
}

function checkCreateOrder(
  body: Record<string, unknown>,
  production: boolean,
  nowMs: number,
): Answer | undefined {
  const { order_id: orderId, order_amount: amount, order_currency: currency, order_note: note } = body;
  if (orderId !== undefined && (typeof orderId !== "string" || !ORDER_ID.test(orderId))) {
    return fieldInvalid("order_id", "should be 3-45 characters of letters, digits, '_' and '-'", orderId);
  }
  if (amount === undefined) return fieldMissing("order_amount");
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 1 || !hasAtMostTwoDecimals(amount)) {
    return fieldInvalid("order_amount", "Invalid amount", amount);
  }
  if (currency === undefined) return fieldMissing("order_currency");
  // The stand-in knows INR only, which is all this site charges in.
  if (currency !== "INR") return fieldInvalid("order_currency", "Invalid currency", currency);
  return (
    checkCustomer(body.customer_details) ??
    checkMeta(body.order_meta, production) ??
    checkExpiry(body.order_expiry_time, nowMs) ??
    (note !== undefined && !textWithin(note, 3, 200)
      ? fieldInvalid("order_note", "should be 3-200 characters", note)
      : undefined)
  );
}

function paymentMessage(status: StandInPaymentStatus): string {
  switch (status) {
    case "SUCCESS":
      return "00::Transaction success";
    case "FAILED":
      return "Transaction declined by the bank";
    case "USER_DROPPED":
      return "Customer did not complete the payment";
    case "PENDING":
      return "Transaction is pending with the bank";
  }
}

const WEBHOOK_PAYMENT_STATUS: Record<
  Exclude<CashfreeWebhookType, "REFUND_STATUS_WEBHOOK">,
  StandInPaymentStatus
> = {
  PAYMENT_SUCCESS_WEBHOOK: "SUCCESS",
  PAYMENT_FAILED_WEBHOOK: "FAILED",
  PAYMENT_USER_DROPPED_WEBHOOK: "USER_DROPPED",
};

// ---------------------------------------------------------------------------------------------------------------
// The server.

export async function startCashfreeStandIn(options: CashfreeStandInOptions): Promise<CashfreeStandIn> {
  const production = options.environment === "production";
  const clock = options.now ?? (() => new Date());
  const orders = new Map<string, OrderRecord>();
  const payments = new Map<string, PaymentRecord[]>();
  const refunds = new Map<string, RefundRecord[]>();
  const idempotency = new Map<string, StoredIdempotency>();
  const requests: StandInRequest[] = [];
  const failures: Answer[] = [];
  const delays: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const rateLimit = { remaining: 0, retryAfterSeconds: 1 };
  let sequence = 0;

  const nextId = (base: number) => String(base + ++sequence);

  function orderOf(orderId: string): OrderRecord | undefined {
    const order = orders.get(orderId);
    // Cashfree expires an unpaid order once its expiry time passes.
    if (order?.order_status === "ACTIVE" && order.expiresAtMs <= clock().getTime())
      order.order_status = "EXPIRED";
    return order;
  }

  function orderNotFound(): Answer {
    return error(404, "order_not_found", "order not found for provided order_id");
  }

  function publicOrder(order: OrderRecord): Omit<OrderRecord, "expiresAtMs"> {
    const { expiresAtMs: _hidden, ...rest } = order;
    return rest;
  }

  function createOrder(body: unknown): Answer {
    if (!isRecord(body)) return error(400, "request_invalid", "request body should be a JSON object"); // assumed
    const invalid = checkCreateOrder(body, production, clock().getTime());
    if (invalid) return invalid;
    const orderId =
      typeof body.order_id === "string" ? body.order_id : `order_${randomBytes(12).toString("hex")}`;
    if (orders.has(orderId)) {
      return error(409, "order_already_exists", "order with same id is already present");
    }
    const now = clock();
    // The default expiry is undocumented; Cashfree's sample shows about 30 days.
    const expiresAt =
      typeof body.order_expiry_time === "string"
        ? new Date(body.order_expiry_time)
        : new Date(now.getTime() + 30 * 86_400_000);
    const details = body.customer_details as Record<string, unknown>;
    const meta = isRecord(body.order_meta) ? body.order_meta : {};
    const order: OrderRecord = {
      cf_order_id: nextId(2_149_460_000),
      order_id: orderId,
      entity: "order",
      order_currency: "INR",
      order_amount: body.order_amount as number,
      order_status: "ACTIVE",
      payment_session_id: `session_${randomBytes(48).toString("base64url")}`,
      order_expiry_time: ist(expiresAt),
      order_note: typeof body.order_note === "string" ? body.order_note : null,
      created_at: ist(now),
      order_splits: [],
      customer_details: {
        customer_id: details.customer_id as string,
        customer_name: typeof details.customer_name === "string" ? details.customer_name : null,
        customer_email: typeof details.customer_email === "string" ? details.customer_email : null,
        customer_phone: details.customer_phone as string,
        customer_uid: null,
      },
      order_meta: {
        return_url: typeof meta.return_url === "string" ? meta.return_url : null,
        notify_url: typeof meta.notify_url === "string" ? meta.notify_url : null,
        payment_methods: null,
      },
      order_tags: null,
      cart_details: null,
      terminal_data: null,
      expiresAtMs: expiresAt.getTime(),
    };
    orders.set(orderId, order);
    return { status: 200, body: publicOrder(order) };
  }

  function refundableAmount(orderId: string, paid: number): number {
    const taken = (refunds.get(orderId) ?? [])
      .filter((refund) => refund.refund_status !== "FAILED" && refund.refund_status !== "CANCELLED")
      .reduce((sum, refund) => sum + refund.refund_amount, 0);
    return Math.round((paid - taken) * 100) / 100;
  }

  function checkRefund(order: OrderRecord, body: Record<string, unknown>): Answer | undefined {
    const { refund_amount: amount, refund_id: refundId, refund_note: note } = body;
    if (amount === undefined) return fieldMissing("refund_amount");
    if (typeof amount !== "number" || !(amount > 0) || !hasAtMostTwoDecimals(amount)) {
      return fieldInvalid("refund_amount", "Invalid amount", amount);
    }
    if (refundId === undefined) return fieldMissing("refund_id");
    if (typeof refundId !== "string" || !REFUND_ID.test(refundId)) {
      return fieldInvalid("refund_id", "should be 3-40 alphanumeric characters", refundId);
    }
    if (note !== undefined && !textWithin(note, 3, 100)) {
      return fieldInvalid("refund_note", "should be 3-100 characters", note);
    }
    // Assumed wording and code: Cashfree documents only that refunds need a successful payment.
    if (order.order_status !== "PAID") {
      return error(
        400,
        "order_status_invalid",
        `refund can be created only for a PAID order; order ${order.order_id} is ${order.order_status}`,
      );
    }
    if ((refunds.get(order.order_id) ?? []).some((refund) => refund.refund_id === refundId)) {
      return error(409, "refund_already_exists", "refund with same id is already present"); // assumed
    }
    const success = (payments.get(order.order_id) ?? []).find(
      (payment) => payment.payment_status === "SUCCESS",
    );
    const refundable = refundableAmount(order.order_id, success?.payment_amount ?? 0);
    if (amount > refundable) {
      return fieldInvalid(
        "refund_amount",
        `should be less than or equal to the refundable amount ${refundable}`,
        amount,
      );
    }
    return undefined;
  }

  function createRefund(orderId: string, body: unknown): Answer {
    const order = orderOf(orderId);
    if (!order) return orderNotFound();
    if (!isRecord(body)) return error(400, "request_invalid", "request body should be a JSON object"); // assumed
    const invalid = checkRefund(order, body);
    if (invalid) return invalid;
    const note = typeof body.refund_note === "string" ? body.refund_note : null;
    // Sandbox simulation (§1.6): the refund_note SUCCESS / FAILED / PENDING / ACTIVE sets the status.
    const status = note && ["SUCCESS", "FAILED", "PENDING", "ACTIVE"].includes(note) ? note : "PENDING";
    const now = clock();
    const success = (payments.get(orderId) ?? []).find((payment) => payment.payment_status === "SUCCESS");
    const refund: RefundRecord = {
      cf_payment_id: success?.cf_payment_id ?? "",
      cf_refund_id: nextId(7_000_000),
      order_id: orderId,
      refund_id: body.refund_id as string,
      entity: "refund",
      refund_amount: body.refund_amount as number,
      refund_currency: "INR",
      refund_note: note,
      refund_status: status,
      refund_arn: status === "SUCCESS" ? randomBytes(6).toString("hex").toUpperCase() : null,
      refund_charge: 0,
      status_description: status === "SUCCESS" ? "Refund processed successfully" : "In Progress",
      metadata: null,
      refund_splits: [],
      refund_type: "MERCHANT_INITIATED",
      refund_mode: "STANDARD",
      created_at: ist(now),
      processed_at: status === "SUCCESS" ? ist(now) : null,
      refund_speed: {
        requested: "STANDARD",
        accepted: "STANDARD",
        processed: status === "SUCCESS" ? "STANDARD" : null,
        message: null,
      },
    };
    refunds.set(orderId, [...(refunds.get(orderId) ?? []), refund]);
    return { status: 200, body: options.refundResponse === "array" ? [refund] : refund };
  }

  function hasAttemptInFlight(orderId: string): boolean {
    return (payments.get(orderId) ?? []).some((payment) => payment.payment_status === "PENDING");
  }

  /**
   * Terminate Order (§1.4): PATCH /orders/{order_id} with {"order_status": "TERMINATED"}, answered with the order
   * entity. An order with an attempt in flight becomes TERMINATION_REQUESTED, as that attempt may still succeed.
   * Assumed (undocumented): terminating again answers the order unchanged; a PAID or EXPIRED order is refused with
   * 400 order_inactive (a code on Cashfree's error page).
   */
  function terminateOrder(orderId: string, body: unknown): Answer {
    const order = orderOf(orderId);
    if (!order) return orderNotFound();
    if (!isRecord(body)) return error(400, "request_invalid", "request body should be a JSON object"); // assumed
    if (body.order_status === undefined) return fieldMissing("order_status");
    if (body.order_status !== "TERMINATED") {
      return fieldInvalid("order_status", "should be TERMINATED", body.order_status); // assumed wording
    }
    if (order.order_status === "ACTIVE") {
      order.order_status = hasAttemptInFlight(orderId) ? "TERMINATION_REQUESTED" : "TERMINATED";
    } else if (order.order_status !== "TERMINATED" && order.order_status !== "TERMINATION_REQUESTED") {
      return error(
        400,
        "order_inactive",
        `order is ${order.order_status} and cannot be terminated`, // assumed wording
      );
    }
    return { status: 200, body: publicOrder(order) };
  }

  function route(method: string, path: string, body: unknown): Answer {
    const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
    const [prefix, collection, orderId, sub, subId, ...rest] = segments;
    if (prefix !== "pg" || collection !== "orders" || rest.length > 0) return badUrl();
    if (orderId === undefined) return method === "POST" ? createOrder(body) : badUrl();
    if (method === "POST" && sub === "refunds" && subId === undefined) return createRefund(orderId, body);
    if (method === "PATCH" && sub === undefined) return terminateOrder(orderId, body);
    if (method !== "GET") return badUrl();
    const order = orderOf(orderId);
    if (!order) return orderNotFound();
    if (sub === undefined) return { status: 200, body: publicOrder(order) };
    if (sub === "payments" && subId === undefined) return { status: 200, body: payments.get(orderId) ?? [] };
    if (sub === "refunds") {
      const list = refunds.get(orderId) ?? [];
      if (subId === undefined) return { status: 200, body: list };
      const refund = list.find((candidate) => candidate.refund_id === subId);
      return refund ? { status: 200, body: refund } : error(404, "refund_not_found", "refund does not exist");
    }
    return badUrl();
  }

  function badUrl(): Answer {
    return error(400, "request_failed", "bad URL, please check API documentation");
  }

  /** Credentials and version first, as Cashfree reports them before looking at the body. */
  function checkHeaders(headers: Record<string, string>): Answer | undefined {
    if (headers["x-client-id"] !== options.appId || headers["x-client-secret"] !== options.secretKey) {
      return error(401, "request_failed", "authentication Failed", "authentication_error");
    }
    const version = headers["x-api-version"];
    if (!version) {
      return error(400, "version_missing", "x-api-version : is missing in the request. Value received: ");
    }
    // The real service accepts older versions too; this stand-in implements 2025-01-01 only.
    if (version !== API_VERSION) {
      return fieldInvalid("x-api-version", `should be ${API_VERSION} for this stand-in`, version);
    }
    const key = headers["x-idempotency-key"];
    // Assumed: the spec types the key as format UUID; a stricter check here catches adapter mistakes.
    if (key !== undefined && !UUID.test(key))
      return fieldInvalid("x-idempotency-key", "should be a UUID", key);
    return undefined;
  }

  /** Cashfree stores the first answer for a key on every POST and replays it; a different body is refused. */
  function withIdempotency(entry: StandInRequest, handle: () => Answer): Answer {
    const key = entry.headers["x-idempotency-key"];
    if (entry.method !== "POST" || key === undefined) return handle();
    const fingerprint = `${entry.method} ${entry.path}\n${entry.rawBody}`;
    const stored = idempotency.get(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return error(
          422,
          "request_invalid",
          "Different request body with the same idempotent key",
          "idempotency_error",
        );
      }
      entry.replayed = true;
      return { ...stored.answer, headers: { ...stored.answer.headers, "x-idempotency-replayed": "true" } };
    }
    const answer = handle();
    idempotency.set(key, { fingerprint, answer });
    return answer;
  }

  function decide(entry: StandInRequest): Answer {
    if (rateLimit.remaining > 0) {
      rateLimit.remaining -= 1;
      return {
        ...error(429, "request_failed", "Too many requests from IP. Check headers", "rate_limit_error"),
        headers: {
          "x-ratelimit-retry": String(rateLimit.retryAfterSeconds),
          "x-ratelimit-limit": "200",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-type": "app_id",
        },
      };
    }
    const failure = failures.shift();
    if (failure) return failure;
    const headerProblem = checkHeaders(entry.headers);
    if (headerProblem) return headerProblem;
    if (entry.method !== "GET" && entry.rawBody !== "" && entry.body === entry.rawBody) {
      return error(400, "request_invalid", "request body is not valid JSON"); // assumed
    }
    const path = entry.path.split("?")[0] ?? "";
    return withIdempotency(entry, () => route(entry.method, path, entry.body));
  }

  function send(res: ServerResponse, entry: StandInRequest, answer: Answer): void {
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    const headers: Record<string, string> = {
      "content-type": typeof answer.body === "string" ? "text/plain" : "application/json",
      "x-api-version": API_VERSION,
      ...answer.headers,
    };
    const requestId = entry.headers["x-request-id"];
    if (requestId) headers["x-request-id"] = requestId;
    const key = entry.headers["x-idempotency-key"];
    if (key) headers["x-idempotency-key"] = key;
    if (res.destroyed) return; // the client gave up (a timeout test): nothing to answer
    res.writeHead(answer.status, headers).end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(buffer);
    }
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const headers = flatHeaders(req);
    let body: unknown = rawBody === "" ? undefined : rawBody;
    try {
      if (rawBody !== "") body = JSON.parse(rawBody) as unknown;
    } catch {
      // kept as text; decide() refuses it
    }
    const entry: StandInRequest = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      headers,
      body,
      rawBody,
    };
    requests.push(entry);
    const delay = delays.shift() ?? 0;
    // Processed now, answered later: models Cashfree acting on a request whose answer never reaches the caller.
    const answer = decide(entry);
    entry.status = answer.status;
    if (delay <= 0) return send(res, entry, answer);
    const timer = setTimeout(() => {
      timers.delete(timer);
      send(res, entry, answer);
    }, delay);
    timers.add(timer);
  }

  const server = await listenOnLoopback((req, res) => {
    res.on("error", () => undefined); // a client that hung up must not crash the test run
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) res.writeHead(500).end();
    });
  });

  // --- test controls ---------------------------------------------------------------------------------------------

  function requireOrder(orderId: string): OrderRecord {
    const order = orderOf(orderId);
    if (!order) throw new Error(`Cashfree stand-in: no order ${orderId}`);
    return order;
  }

  function pay(
    orderId: string,
    {
      status = "SUCCESS",
      amount,
      at = clock(),
    }: { status?: StandInPaymentStatus; amount?: number; at?: Date } = {},
  ): { paymentId: string } {
    const order = requireOrder(orderId);
    if (order.order_status === "TERMINATED" || order.order_status === "TERMINATION_REQUESTED") {
      throw new Error(
        `Cashfree stand-in: order ${orderId} is ${order.order_status}; no new payment can be started`,
      );
    }
    const cfPaymentId = nextId(5_114_910_000_000);
    const failed = status === "FAILED";
    const payment: PaymentRecord = {
      cf_payment_id: cfPaymentId,
      order_id: orderId,
      entity: "payment",
      error_details: failed
        ? {
            error_code: "TRANSACTION_DECLINED",
            error_description: "issuer bank or payment service provider declined the transaction",
            error_reason: "auth_declined",
            error_source: "customer",
            error_code_raw: null,
            error_description_raw: null,
            error_subcode_raw: null,
          }
        : null,
      is_captured: status === "SUCCESS",
      order_amount: order.order_amount,
      payment_group: "upi",
      payment_currency: "INR",
      payment_amount: amount ?? order.order_amount,
      payment_time: ist(at),
      payment_completion_time: ist(at),
      payment_status: status,
      payment_message: paymentMessage(status),
      bank_reference:
        status === "SUCCESS" ? randomBytes(6).readUIntBE(0, 6).toString().padStart(12, "0") : null,
      auth_id: null,
      authorization: null,
      payment_method: {
        upi: {
          channel: "collect",
          upi_id: status === "SUCCESS" ? "testsuccess@gocash" : "testfailure@gocash",
        },
      },
      international_payment: { international: false },
      payment_gateway_details: {
        gateway_name: "CASHFREE",
        gateway_order_id: order.cf_order_id,
        gateway_payment_id: cfPaymentId,
        gateway_order_reference_id: null,
        gateway_settlement: "CASHFREE",
        gateway_status_code: null,
      },
      payment_surcharge: null,
    };
    payments.set(orderId, [...(payments.get(orderId) ?? []), payment]);
    if (status === "SUCCESS") order.order_status = "PAID";
    return { paymentId: cfPaymentId };
  }

  function complete(
    orderId: string,
    paymentId: string,
    { status = "SUCCESS", at = clock() }: { status?: StandInFinalPaymentStatus; at?: Date } = {},
  ): void {
    const order = requireOrder(orderId);
    const payment = (payments.get(orderId) ?? []).find((candidate) => candidate.cf_payment_id === paymentId);
    if (payment?.payment_status !== "PENDING") {
      throw new Error(`Cashfree stand-in: order ${orderId} has no payment ${paymentId} in flight`);
    }
    payment.payment_status = status;
    payment.payment_message = paymentMessage(status);
    payment.payment_completion_time = ist(at);
    payment.is_captured = status === "SUCCESS";
    if (status === "SUCCESS") {
      payment.bank_reference = randomBytes(6).readUIntBE(0, 6).toString().padStart(12, "0");
      payment.payment_method.upi.upi_id = "testsuccess@gocash";
      order.order_status = "PAID";
    } else if (order.order_status === "TERMINATION_REQUESTED" && !hasAttemptInFlight(orderId)) {
      order.order_status = "TERMINATED";
    }
  }

  function webhookData(order: OrderRecord, type: CashfreeWebhookType): Record<string, unknown> {
    if (type === "REFUND_STATUS_WEBHOOK") return { refund: refunds.get(order.order_id)?.at(-1) ?? null };
    const wanted = WEBHOOK_PAYMENT_STATUS[type];
    const attempts = payments.get(order.order_id) ?? [];
    const match = attempts.findLast((payment) => payment.payment_status === wanted);
    if (!match)
      throw new Error(`Cashfree stand-in: order ${order.order_id} has no payment for ${type}; pay() first`);
    const { cf_payment_id, payment_status, payment_amount, payment_currency, payment_message, payment_time } =
      match;
    return {
      order: {
        order_id: order.order_id,
        order_amount: order.order_amount,
        order_currency: order.order_currency,
        order_tags: order.order_tags,
      },
      payment: {
        cf_payment_id,
        payment_status,
        payment_amount,
        payment_currency,
        payment_message,
        payment_time,
        bank_reference: match.bank_reference,
        auth_id: null,
        payment_method: match.payment_method,
        payment_group: match.payment_group,
        international_payment: match.international_payment,
        payment_surcharge: null,
      },
      customer_details: {
        customer_name: order.customer_details.customer_name ?? null,
        customer_id: order.customer_details.customer_id ?? null,
        customer_email: order.customer_details.customer_email ?? null,
        customer_phone: order.customer_details.customer_phone ?? null,
      },
      payment_gateway_details: match.payment_gateway_details,
      payment_offers: null,
      terminal_details: null,
      ...(match.error_details ? { error_details: match.error_details } : {}),
    };
  }

  function webhookFor(orderId: string, type: CashfreeWebhookType, { at = clock() } = {}): SignedWebhook {
    const order = requireOrder(orderId);
    const rawBody = JSON.stringify({ data: webhookData(order, type), event_time: ist(at), type });
    const timestamp = String(at.getTime());
    // Written out here rather than imported from the adapter, so a mistake in the adapter's signer cannot hide.
    const signature = createHmac("sha256", options.secretKey)
      .update(timestamp + rawBody)
      .digest("base64");
    return {
      rawBody,
      headers: {
        "content-type": "application/json",
        "x-webhook-signature": signature,
        "x-webhook-timestamp": timestamp,
        "x-webhook-version": API_VERSION,
        "x-webhook-attempt": "1",
        // "unique for each unique webhook payload" (§2.1); its exact format is not documented.
        "x-idempotency-key": createHash("sha256").update(`webhook\n${rawBody}`).digest("hex"),
      },
    };
  }

  return {
    baseUrl: `${server.url}/pg`,
    credentials: { appId: options.appId, secretKey: options.secretKey },
    requests,
    pay,
    complete,
    settleRefund: (orderId, refundId, status) => {
      const refund = (refunds.get(orderId) ?? []).find((candidate) => candidate.refund_id === refundId);
      if (!refund) throw new Error(`Cashfree stand-in: order ${orderId} has no refund ${refundId}`);
      refund.refund_status = status;
      refund.status_description =
        status === "SUCCESS" ? "Refund processed successfully" : "Refund failed at the bank";
      if (status === "SUCCESS") {
        refund.refund_arn = randomBytes(6).toString("hex").toUpperCase();
        refund.processed_at = ist(clock());
      }
      // The last refund is the one a REFUND_STATUS_WEBHOOK carries: move this one to the end.
      refunds.set(orderId, [...(refunds.get(orderId) ?? []).filter((other) => other !== refund), refund]);
    },
    expire: (orderId) => {
      const order = requireOrder(orderId);
      if (order.order_status === "ACTIVE") order.order_status = "EXPIRED";
    },
    rateLimitNext: (n, retryAfterSeconds) => {
      rateLimit.remaining = n;
      rateLimit.retryAfterSeconds = retryAfterSeconds;
    },
    failNext: (status, body) => {
      failures.push({ status, body });
    },
    delayNext: (ms) => {
      delays.push(ms);
    },
    forgetIdempotencyKeys: () => idempotency.clear(),
    webhookFor,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await server.close();
    },
  };
}

/** The sandbox account the tests' apps take payments with. */
export const TEST_CASHFREE_ACCOUNT = { appId: "TEST10293847", secretKey: "cfsk_ma_test_stand_in_secret" };

/** The settings that make the app take payments through the stand-in, with the credentials it accepts. */
export function cashfreeEnv(cashfree: CashfreeStandIn): Record<string, string> {
  return {
    CASHFREE_APP_ID: cashfree.credentials.appId,
    CASHFREE_SECRET_KEY: cashfree.credentials.secretKey,
    CASHFREE_BASE_URL: cashfree.baseUrl,
  };
}
