import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import {
  GatewayError,
  WebhookSignatureError,
  type CreateOrderInput,
  type GatewayOrder,
  type GatewayOrderStatus,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type GatewayRefund,
  type GatewayTermination,
  type PaymentGateway,
  type PaymentWebhookEvent,
  type RefundInput,
} from "./gateway";

/**
 * Cashfree Payment Gateway over its REST API v2025-01-01 with plain fetch. The official cashfree-pg SDK is not used:
 * it starts a global Sentry client on construction, compares webhook signatures in non-constant time and changes
 * its typings between majors. The calls follow Cashfree's API reference for that version (docs.cashfree.com).
 */

/** Pinned: the latest version with a published contract; newer SDKs send an undocumented 2026-01-01. */
const CASHFREE_API_VERSION = "2025-01-01";

const BASE_URLS = {
  sandbox: "https://sandbox.cashfree.com/pg",
  production: "https://api.cashfree.com/pg",
} as const;

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RATE_LIMIT_RETRIES = 2;
/** Cashfree documents x-ratelimit-retry as 1-59 seconds; anything larger is capped so a glitch cannot stall a call. */
const MAX_RATE_LIMIT_WAIT_SECONDS = 60;
/** Webhooks older (or newer) than this are refused, so a captured webhook cannot be replayed later. */
const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export interface CashfreeGatewayOptions {
  appId: string;
  secretKey: string;
  environment: "sandbox" | "production";
  /** Override for tests; defaults to Cashfree's sandbox or production URL (both end in /pg). */
  baseUrl?: string;
  /** Per request; default 10 000. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** How many times a 429 answer is retried after waiting x-ratelimit-retry seconds; default 2. */
  maxRateLimitRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// Response shapes. Only the fields the adapter reads; zod strips the rest.

/** cf_* ids are strings since 2023-08-01, numbers before; accept both so a version slip does not break parsing. */
const cfId = z.union([z.string(), z.number()]).transform(String);

const orderEntitySchema = z.object({
  order_id: z.string(),
  order_status: z.string(),
  order_amount: z.number(),
  payment_session_id: z.string().nullish(),
});

const paymentStatuses = [
  "SUCCESS",
  "FAILED",
  "USER_DROPPED",
  "PENDING",
  "NOT_ATTEMPTED",
  "CANCELLED",
  "VOID",
] as const satisfies readonly GatewayPaymentStatus[];

const paymentEntitySchema = z.object({
  cf_payment_id: cfId,
  payment_status: z.string(),
  payment_amount: z.number().nullish(),
  payment_message: z.string().nullish(),
  payment_time: z.string().nullish(),
});
type PaymentEntity = z.infer<typeof paymentEntitySchema>;

const refundEntitySchema = z.object({
  refund_id: z.string(),
  refund_status: z.string(),
  refund_amount: z.number(),
  cf_refund_id: z.union([z.string(), z.number()]).nullish(),
  status_description: z.string().nullish(),
});
type RefundEntity = z.infer<typeof refundEntitySchema>;

function toGatewayRefund(entity: RefundEntity): GatewayRefund {
  return {
    refundId: entity.refund_id,
    status: entity.refund_status,
    amount: entity.refund_amount,
    ...(entity.cf_refund_id != null ? { gatewayRefundId: String(entity.cf_refund_id) } : {}),
    ...(entity.status_description ? { message: entity.status_description } : {}),
  };
}

const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  type: z.string().optional(),
  help: z.string().optional(),
});

const webhookSchema = z.object({
  type: z.string().optional(),
  data: z
    .object({
      order: z.object({ order_id: z.string().optional() }).nullish(),
      payment: paymentEntitySchema.nullish().catch(undefined),
      refund: z
        .object({
          refund_id: z.string(),
          refund_status: z.string().optional(),
          refund_amount: z.number().optional(),
          order_id: z.string().optional(),
          cf_refund_id: z.union([z.string(), z.number()]).nullish(),
          status_description: z.string().nullish(),
        })
        .nullish()
        .catch(undefined),
    })
    .nullish(),
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers without state.

/**
 * A UUID-shaped SHA-256 of the operation and its exact body. A retry of the same call carries the same
 * x-idempotency-key, so Cashfree replays its first answer instead of acting twice. The body is part of the hash
 * because Cashfree stores the first answer "regardless of whether it succeeded or failed" and refuses a changed
 * body under the same key (422): a corrected retry must get a fresh key, and order_id / refund_id uniqueness (409)
 * still stops duplicates. Cashfree only says "format UUID"; the version-4 and variant bits are set because every
 * UUID validator accepts that shape (the bits come from a hash, not randomness).
 */
function idempotencyKeyFor(operation: string, body: string): string {
  const hex = createHash("sha256").update(`${operation}\n${body}`).digest("hex").slice(0, 32).split("");
  hex[12] = "4";
  hex[16] = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** Exactly Cashfree's algorithm: base64(HMAC-SHA256(secret, timestamp header as received + raw body)). */
export function signCashfreeWebhook(secretKey: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", secretKey)
    .update(timestamp + rawBody)
    .digest("base64");
}

/** Cuts by code points, so a name in Devanagari or with emoji is never split inside a character. */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join("") : text;
}

function lengthOf(text: string): number {
  return Array.from(text).length;
}

/** Cashfree allows 3-50 alphanumerics; anything else is replaced by a stable hash so the same person keeps one id. */
function cashfreeCustomerId(id: string): string {
  const stripped = id.replace(/[^A-Za-z0-9]/g, "");
  if (stripped.length >= 3 && stripped.length <= 50) return stripped;
  return `cust${createHash("sha256").update(id).digest("hex").slice(0, 40)}`;
}

/**
 * Cashfree wants exactly 10 characters, or a '+' prefix for international numbers. An Indian number becomes its
 * 10 national digits; any other becomes E.164. An unparseable number is passed through (digits and '+') for Cashfree
 * to reject with a readable message rather than guessed at here.
 */
function cashfreePhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, "IN");
  if (!parsed?.isPossible()) return phone.replace(/[^\d+]/g, "");
  return parsed.countryCallingCode === "91" ? parsed.nationalNumber : parsed.number;
}

/** Optional text fields: omitted when shorter than Cashfree's minimum, cut to its maximum. */
function boundedText(text: string, min: number, max: number): string | undefined {
  const trimmed = text.trim();
  return lengthOf(trimmed) < min ? undefined : clip(trimmed, max);
}

/** Cashfree's examples use second precision ("2021-07-02T10:20:12Z"); milliseconds are dropped to match. */
function cashfreeTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Rupees with at most two decimals, which removes floating-point noise such as 0.30000000000000004. */
function rupees(amount: number): number {
  return Math.round(amount * 100) / 100;
}

function describeDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

function toPaymentStatus(status: string): GatewayPaymentStatus {
  // An undocumented status must neither confirm nor release a booking, so it is read as still pending.
  return (paymentStatuses as readonly string[]).includes(status)
    ? (status as GatewayPaymentStatus)
    : "PENDING";
}

function toGatewayPayment(entity: PaymentEntity): GatewayPayment {
  return {
    paymentId: entity.cf_payment_id,
    status: toPaymentStatus(entity.payment_status),
    // A missing amount must never look like a full payment; the booking service compares it with the price.
    amount: entity.payment_amount ?? 0,
    ...(entity.payment_message ? { message: entity.payment_message } : {}),
  };
}

/**
 * The successful payment when there is one, else the latest attempt: by payment_time when every attempt has one
 * (ties go to the later array entry, since payment_time has one-second precision), else the last in the array.
 */
function pickRelevantPayment<T extends { payment_status: string; payment_time?: string | null }>(
  payments: readonly T[],
): T | undefined {
  const success = payments.find((payment) => payment.payment_status === "SUCCESS");
  if (success) return success;
  const times = payments.map((payment) => (payment.payment_time ? Date.parse(payment.payment_time) : NaN));
  if (times.some((time) => Number.isNaN(time))) return payments.at(-1);
  let latest = 0;
  times.forEach((time, index) => {
    if (time >= (times[latest] ?? -Infinity)) latest = index;
  });
  return payments[latest];
}

function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return first?.trim() || undefined;
  }
  return undefined;
}

function webhookType(type: string | undefined): PaymentWebhookEvent["type"] {
  switch (type) {
    case "PAYMENT_SUCCESS_WEBHOOK":
      return "PAYMENT_SUCCESS";
    case "PAYMENT_FAILED_WEBHOOK":
      return "PAYMENT_FAILED";
    case "PAYMENT_USER_DROPPED_WEBHOOK":
      return "PAYMENT_USER_DROPPED";
    case "REFUND_STATUS_WEBHOOK":
      return "REFUND_STATUS";
    default:
      return "OTHER";
  }
}

/** Receipts keep at most 128 characters; a longer key (only from an odd payload) is shortened to its hash. */
function boundedKey(key: string): string {
  return key.length <= 128 ? key : `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/**
 * The duplicate key of a verified webhook, from signed content only: x-idempotency-key is not covered by the
 * signature, so a replay could change it at will. A payment event is the same event whenever its type and
 * cf_payment_id are; a refund event whenever its refund id and status are (PENDING then SUCCESS are two events).
 * Anything else is keyed on the exact signed body.
 */
function webhookDedupeKey(rawBody: string, parsed: z.infer<typeof webhookSchema> | undefined): string {
  const type = parsed?.type ?? "UNKNOWN";
  const payment = parsed?.data?.payment;
  const refund = parsed?.data?.refund;
  if (payment && type.startsWith("PAYMENT_")) return boundedKey(`${type}:${payment.cf_payment_id}`);
  if (refund && type.startsWith("REFUND_"))
    return boundedKey(`${type}:${refund.refund_id}:${refund.refund_status ?? ""}`);
  return `body:${createHash("sha256").update(rawBody).digest("hex")}`;
}

function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(received, "utf8");
  // timingSafeEqual throws on unequal lengths; the length of a valid signature is public (44 chars), so this leaks nothing.
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Webhook verification.

function checkTimestamp(timestamp: string, now: Date): void {
  if (!/^\d+$/.test(timestamp)) {
    throw new WebhookSignatureError(
      `Webhook x-webhook-timestamp "${clip(timestamp, 40)}" is not a Unix time in milliseconds`,
    );
  }
  const skew = now.getTime() - Number(timestamp);
  if (skew > WEBHOOK_TOLERANCE_MS) {
    throw new WebhookSignatureError(
      `Webhook timestamp is ${Math.round(skew / 1000)} seconds old; webhooks older than 5 minutes are refused as possible replays`,
    );
  }
  if (-skew > WEBHOOK_TOLERANCE_MS) {
    throw new WebhookSignatureError(
      `Webhook timestamp is ${Math.round(-skew / 1000)} seconds in the future; more than 5 minutes ahead is refused`,
    );
  }
}

function verifyCashfreeWebhook(
  secretKey: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now: Date,
): PaymentWebhookEvent {
  const signature = headerValue(headers, "x-webhook-signature");
  const timestamp = headerValue(headers, "x-webhook-timestamp");
  if (!signature) throw new WebhookSignatureError("Webhook has no x-webhook-signature header");
  if (!timestamp) throw new WebhookSignatureError("Webhook has no x-webhook-timestamp header");
  checkTimestamp(timestamp, now);
  if (!signaturesMatch(signCashfreeWebhook(secretKey, timestamp, rawBody), signature)) {
    throw new WebhookSignatureError(
      "Webhook signature does not match: it was not signed with this Cashfree secret key, or the body was altered",
    );
  }
  // The payload is authentic from here on; an unexpected shape is reported as OTHER rather than refused, so
  // Cashfree stops retrying something this site cannot act on anyway.
  const parsed = webhookSchema.safeParse(parseJson(rawBody));
  const dedupeKey = webhookDedupeKey(rawBody, parsed.success ? parsed.data : undefined);
  if (!parsed.success) return { dedupeKey, type: "OTHER" };
  const refund = parsed.data.data?.refund;
  const orderId = parsed.data.data?.order?.order_id ?? refund?.order_id;
  const payment = parsed.data.data?.payment;
  return {
    dedupeKey,
    type: webhookType(parsed.data.type),
    ...(orderId ? { orderId } : {}),
    ...(payment ? { payment: toGatewayPayment(payment) } : {}),
    ...(refund?.refund_status
      ? {
          refund: toGatewayRefund({
            ...refund,
            refund_status: refund.refund_status,
            refund_amount: refund.refund_amount ?? 0,
          }),
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP.

interface CashfreeResponse {
  status: number;
  body: unknown;
  /** Cashfree's x-idempotency-replayed: this answer is a stored copy of an earlier one. */
  replayed: boolean;
}

interface RequestSpec {
  method: "GET" | "POST" | "PATCH";
  path: string;
  body?: unknown;
  /** Required on POST: names the operation the idempotency key is derived from, e.g. "create-order:{orderId}". */
  idempotencyOperation?: string;
}

function describeCashfreeError(response: CashfreeResponse): GatewayError {
  const { status, body } = response;
  const parsed = errorBodySchema.safeParse(body);
  const detail = parsed.success
    ? `${parsed.data.message}${parsed.data.code ? ` (${parsed.data.code})` : ""}`
    : `HTTP ${status} without a readable error`;
  const code = parsed.success ? parsed.data.code : undefined;
  // Cashfree replays a stored error for the same idempotency key, so the admin should know a retry will not help.
  const replayed = response.replayed
    ? "; Cashfree replayed this answer from an identical earlier request"
    : "";
  if (status === 401 || status === 403) {
    return new GatewayError(
      `Cashfree refused the credentials: ${detail}. Check the App ID and Secret Key, and that both are for the same environment (sandbox or production)${replayed}`,
      status,
      code,
    );
  }
  if (status === 429) {
    return new GatewayError(`Cashfree is rate-limiting this account: ${detail}${replayed}`, status, code);
  }
  if (status >= 500) {
    return new GatewayError(`Cashfree had a server error: ${detail}${replayed}`, status, code);
  }
  return new GatewayError(`Cashfree rejected the request: ${detail}${replayed}`, status, code);
}

function describeNetworkError(error: unknown, timeoutMs: number): GatewayError {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new GatewayError(`Cashfree did not answer within ${describeDuration(timeoutMs)}`);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  const reason = cause ?? (error instanceof Error ? error.message : String(error));
  return new GatewayError(`Could not reach Cashfree: ${reason}`);
}

function retryDelaySeconds(headers: Headers): number {
  const header = Number(headers.get("x-ratelimit-retry") ?? NaN);
  // 0 or a missing header on a 429 still means "too fast": wait the documented minimum of one second.
  if (!Number.isFinite(header) || header < 1) return 1;
  return Math.min(Math.ceil(header), MAX_RATE_LIMIT_WAIT_SECONDS);
}

function isOk(response: CashfreeResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

function errorCodeOf(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.code : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The gateway.

/**
 * Cashfree's HTTP transport: authentication headers, idempotency keys on POST, the timeout, retries after a 429, and
 * answers parsed with a schema or turned into a readable GatewayError that never carries the secret.
 */
function createCashfreeClient(options: CashfreeGatewayOptions) {
  const baseUrl = (options.baseUrl ?? BASE_URLS[options.environment]).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetchImpl ?? fetch;
  const maxRateLimitRetries = options.maxRateLimitRetries ?? DEFAULT_RATE_LIMIT_RETRIES;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Defence in depth: should Cashfree ever echo a header back in a message, the secret still never leaves here. */
  function redact(error: GatewayError): GatewayError {
    if (!options.secretKey || !error.message.includes(options.secretKey)) return error;
    return new GatewayError(
      error.message.replaceAll(options.secretKey, "[secret]"),
      error.statusCode,
      error.code,
    );
  }

  function headersFor(
    spec: RequestSpec,
    requestId: string,
    body: string | undefined,
  ): Record<string, string> {
    const headers: Record<string, string> = {
      "x-client-id": options.appId,
      "x-client-secret": options.secretKey,
      "x-api-version": CASHFREE_API_VERSION,
      "content-type": "application/json",
      accept: "application/json",
      "x-request-id": requestId,
    };
    if (spec.method === "POST") {
      headers["x-idempotency-key"] = idempotencyKeyFor(spec.idempotencyOperation ?? spec.path, body ?? "");
    }
    return headers;
  }

  async function attempt(spec: RequestSpec, headers: Record<string, string>, body: string | undefined) {
    try {
      const response = await fetchImpl(`${baseUrl}${spec.path}`, {
        method: spec.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body is read under the same timeout signal, so a stalled body also ends as a timeout.
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: parseJson(text) };
    } catch (error) {
      throw redact(describeNetworkError(error, timeoutMs));
    }
  }

  async function request(spec: RequestSpec): Promise<CashfreeResponse> {
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    // One x-request-id per logical call, kept across rate-limit retries so Cashfree support sees them together.
    const headers = headersFor(spec, randomUUID(), body);
    for (let retries = 0; ; retries += 1) {
      const answer = await attempt(spec, headers, body);
      if (answer.status === 429 && retries < maxRateLimitRetries) {
        await sleep(retryDelaySeconds(answer.headers) * 1000);
        continue;
      }
      const replayed = answer.headers.get("x-idempotency-replayed") === "true";
      return { status: answer.status, body: answer.body, replayed };
    }
  }

  /** A 2xx answer parsed with `schema`; anything else becomes a readable GatewayError. */
  function parseAnswer<T>(spec: RequestSpec, response: CashfreeResponse, schema: z.ZodType<T>): T {
    if (!isOk(response)) throw redact(describeCashfreeError(response));
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) {
      throw new GatewayError(
        `Cashfree answered ${spec.method} ${spec.path} in an unexpected shape: ${z.prettifyError(parsed.error)}`,
        response.status,
      );
    }
    return parsed.data;
  }

  async function call<T>(spec: RequestSpec, schema: z.ZodType<T>): Promise<T> {
    return parseAnswer(spec, await request(spec), schema);
  }

  return { request, call, parseAnswer };
}

function orderPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}

function createOrderBody(input: CreateOrderInput): Record<string, unknown> {
  const name = boundedText(input.customer.name, 3, 100);
  const email = input.customer.email.trim();
  const note = boundedText(input.note, 3, 200);
  return {
    order_id: input.orderId,
    order_amount: rupees(input.amount),
    order_currency: input.currency,
    customer_details: {
      customer_id: cashfreeCustomerId(input.customer.id),
      customer_phone: cashfreePhone(input.customer.phone),
      ...(lengthOf(email) >= 3 && lengthOf(email) <= 100 ? { customer_email: email } : {}),
      ...(name ? { customer_name: name } : {}),
    },
    order_meta: {
      return_url: input.returnUrl,
      ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
    },
    order_expiry_time: cashfreeTime(input.expiresAt),
    ...(note ? { order_note: note } : {}),
  };
}

function sessionOf(order: z.infer<typeof orderEntitySchema>): GatewayOrder {
  if (!order.payment_session_id) {
    throw new GatewayError(`Cashfree returned order ${order.order_id} without a payment_session_id`);
  }
  return {
    orderId: order.order_id,
    paymentSessionId: order.payment_session_id,
    status: order.order_status,
  };
}

export function createCashfreeGateway(options: CashfreeGatewayOptions): PaymentGateway {
  const { request, call, parseAnswer } = createCashfreeClient(options);

  /**
   * Cashfree already has this order id (409): an earlier attempt got through but its answer was lost, and the
   * retry differed (a recomputed expiry, say) or came after Cashfree forgot the idempotency key. The existing order
   * is the one to pay, provided it is for the same amount.
   */
  async function existingOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    const order = await call({ method: "GET", path: orderPath(input.orderId) }, orderEntitySchema);
    if (Math.abs(order.order_amount - rupees(input.amount)) > 0.001) {
      throw new GatewayError(
        `Cashfree already has an order ${input.orderId} for ₹${order.order_amount}, not ₹${rupees(input.amount)}; a new order id is needed`,
        409,
        "order_already_exists",
      );
    }
    return sessionOf(order);
  }

  async function createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    const spec: RequestSpec = {
      method: "POST",
      path: "/orders",
      body: createOrderBody(input),
      idempotencyOperation: `create-order:${input.orderId}`,
    };
    const response = await request(spec);
    if (response.status === 409 && errorCodeOf(response.body) === "order_already_exists") {
      return existingOrder(input);
    }
    return sessionOf(parseAnswer(spec, response, orderEntitySchema));
  }

  async function fetchOrder(orderId: string): Promise<GatewayOrderStatus> {
    const [order, payments] = await Promise.all([
      call({ method: "GET", path: orderPath(orderId) }, orderEntitySchema),
      call({ method: "GET", path: `${orderPath(orderId)}/payments` }, z.array(paymentEntitySchema)),
    ]);
    const payment = pickRelevantPayment(payments);
    return {
      orderId: order.order_id,
      orderStatus: order.order_status,
      amount: order.order_amount,
      ...(payment ? { payment: toGatewayPayment(payment) } : {}),
    };
  }

  /** PATCH /orders/{order_id} with {"order_status": "TERMINATED"}; Cashfree answers the order entity. */
  async function terminateOrder(orderId: string): Promise<GatewayTermination> {
    const order = await call(
      { method: "PATCH", path: orderPath(orderId), body: { order_status: "TERMINATED" } },
      orderEntitySchema,
    );
    return { orderId: order.order_id, orderStatus: order.order_status };
  }

  async function refund(input: RefundInput): Promise<GatewayRefund> {
    const note = boundedText(input.note, 3, 100);
    const body = await call(
      {
        method: "POST",
        path: `${orderPath(input.orderId)}/refunds`,
        body: {
          refund_amount: rupees(input.amount),
          refund_id: input.refundId,
          ...(note ? { refund_note: note } : {}),
        },
        idempotencyOperation: `refund:${input.orderId}:${input.refundId}`,
      },
      // Cashfree's docs show an array, its SDK types a single entity: accept both.
      z.union([refundEntitySchema, z.array(refundEntitySchema).min(1)]),
    );
    const entity = Array.isArray(body)
      ? (body.find((candidate) => candidate.refund_id === input.refundId) ?? body[0])
      : body;
    if (!entity) throw new GatewayError("Cashfree answered the refund with an empty list");
    return toGatewayRefund(entity);
  }

  /** GET /orders/{order_id}/refunds/{refund_id}: the refund's state now. */
  async function fetchRefund(orderId: string, refundId: string): Promise<GatewayRefund> {
    const entity = await call(
      { method: "GET", path: `${orderPath(orderId)}/refunds/${encodeURIComponent(refundId)}` },
      refundEntitySchema,
    );
    return toGatewayRefund(entity);
  }

  return {
    name: "cashfree",
    mode: options.environment === "production" ? "production" : "sandbox",
    createOrder,
    fetchOrder,
    refund,
    fetchRefund,
    terminateOrder,
    verifyWebhook: (rawBody, headers, now = new Date()) =>
      verifyCashfreeWebhook(options.secretKey, rawBody, headers, now),
  };
}
