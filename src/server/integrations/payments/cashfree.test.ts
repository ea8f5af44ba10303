import { createHash, createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startCashfreeStandIn, type CashfreeStandIn } from "../../testing/cashfree-stand-in";
import { createCashfreeGateway, signCashfreeWebhook, type CashfreeGatewayOptions } from "./cashfree";
import { GatewayError, WebhookSignatureError, type CreateOrderInput, type PaymentGateway } from "./gateway";

/** Contract tests: the adapter against the stand-in over real loopback HTTP, no fetch mocks. */

const APP_ID = "TEST1234567890abcdef";
const SECRET = "cfsk_ma_test_0123456789abcdef0123456789abcdef_1a2b3c4d";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let standIn: CashfreeStandIn;
let waits: number[];

function gateway(overrides: Partial<CashfreeGatewayOptions> = {}): PaymentGateway {
  return createCashfreeGateway({
    appId: APP_ID,
    secretKey: SECRET,
    environment: "sandbox",
    baseUrl: standIn.baseUrl,
    // Rate-limit waits are recorded instead of slept, so the tests stay fast and can assert them.
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
}

function orderInput(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    orderId: `bk_${randomUUID().replaceAll("-", "").slice(0, 16)}`,
    amount: 1500,
    currency: "INR",
    customer: { id: "patient-42", name: "Asha Verma", email: "asha@example.com", phone: "+91 98765-43210" },
    returnUrl: "https://clinic.example/consultations/return",
    expiresAt: new Date(Date.now() + 30 * 60_000),
    note: "Video consultation with Dr. Rao",
    ...overrides,
  };
}

/** An order the stand-in holds for a fresh input, unpaid: what most tests start from. */
async function createdOrder(): Promise<CreateOrderInput> {
  const input = orderInput();
  await gateway().createOrder(input);
  return input;
}

function lastRequest(method: string, pathPart: string) {
  const found = standIn.requests
    .filter((entry) => entry.method === method && entry.path.includes(pathPart))
    .at(-1);
  if (!found) throw new Error(`no ${method} ${pathPart} request was made`);
  return found;
}

function bodyOf(entry: { body: unknown }): Record<string, unknown> {
  return entry.body as Record<string, unknown>;
}

async function caught(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

function caughtSync(run: () => unknown): WebhookSignatureError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return error as WebhookSignatureError;
  }
  throw new Error("expected a WebhookSignatureError");
}

beforeEach(async () => {
  standIn = await startCashfreeStandIn({ appId: APP_ID, secretKey: SECRET });
  waits = [];
});

afterEach(async () => {
  await standIn.close();
});

describe("cashfree gateway: identity", () => {
  it("names itself cashfree and follows the environment", () => {
    expect(gateway().name).toBe("cashfree");
    expect(gateway().mode).toBe("sandbox");
    expect(gateway({ environment: "production" }).mode).toBe("production");
  });
});

describe("cashfree gateway: createOrder", () => {
  it("sends Cashfree's headers and the documented body, and returns the session", async () => {
    const input = orderInput();
    const order = await gateway().createOrder(input);

    expect(order.orderId).toBe(input.orderId);
    expect(order.status).toBe("ACTIVE");
    expect(order.paymentSessionId).toMatch(/^session_/);
    const sent = lastRequest("POST", "/pg/orders");
    expect(sent.path).toBe("/pg/orders");
    expect(sent.headers).toMatchObject({
      "x-client-id": APP_ID,
      "x-client-secret": SECRET,
      "x-api-version": "2025-01-01",
      "content-type": "application/json",
      accept: "application/json",
    });
    expect(sent.headers["x-idempotency-key"]).toMatch(UUID);
    expect(sent.headers["x-request-id"]).toMatch(UUID);
    expect(sent.body).toEqual({
      order_id: input.orderId,
      order_amount: 1500,
      order_currency: "INR",
      customer_details: {
        customer_id: "patient42",
        customer_phone: "9876543210",
        customer_email: "asha@example.com",
        customer_name: "Asha Verma",
      },
      order_meta: { return_url: "https://clinic.example/consultations/return" },
      order_expiry_time: input.expiresAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
      order_note: "Video consultation with Dr. Rao",
    });
  });

  it("sends notify_url only when one is given", async () => {
    await gateway().createOrder(orderInput({ notifyUrl: "https://clinic.example/api/payments/webhook" }));
    expect(bodyOf(lastRequest("POST", "/pg/orders")).order_meta).toEqual({
      return_url: "https://clinic.example/consultations/return",
      notify_url: "https://clinic.example/api/payments/webhook",
    });
  });

  it("keeps customer fields and the note within Cashfree's limits", async () => {
    await gateway().createOrder(
      orderInput({
        customer: {
          id: "a-b",
          name: "Al",
          email: `${"x".repeat(95)}@example.com`,
          phone: "+44 20 7946 0958",
        },
        note: "n".repeat(300),
      }),
    );
    const body = bodyOf(lastRequest("POST", "/pg/orders"));
    const customer = body.customer_details as Record<string, string>;
    expect(customer.customer_phone).toBe("+442079460958");
    expect(customer).not.toHaveProperty("customer_name");
    expect(customer).not.toHaveProperty("customer_email");
    // "ab" is too short once stripped, so a stable alphanumeric hash stands in.
    expect(customer.customer_id).toMatch(/^[A-Za-z0-9]{3,50}$/);
    expect(body.order_note).toBe("n".repeat(200));

    await gateway().createOrder(
      orderInput({
        customer: { id: "p1", name: "N".repeat(150), email: "a@b.in", phone: "09876543210" },
        note: "ok",
      }),
    );
    const second = bodyOf(lastRequest("POST", "/pg/orders"));
    expect((second.customer_details as Record<string, string>).customer_name).toBe("N".repeat(100));
    expect((second.customer_details as Record<string, string>).customer_phone).toBe("9876543210");
    expect(second).not.toHaveProperty("order_note");
  });

  it("has a retried create replayed by Cashfree instead of creating twice", async () => {
    const input = orderInput();
    const first = await gateway().createOrder(input);
    const second = await gateway().createOrder(input);

    expect(second.paymentSessionId).toBe(first.paymentSessionId);
    const creates = standIn.requests.filter((entry) => entry.method === "POST");
    expect(creates).toHaveLength(2);
    expect(creates[1]?.headers["x-idempotency-key"]).toBe(creates[0]?.headers["x-idempotency-key"]);
    expect(creates[1]?.replayed).toBe(true);
  });

  it("recovers an order whose answer was lost to a timeout when the call is retried", async () => {
    const input = orderInput();
    standIn.delayNext(500);
    const timedOut = await caught(gateway({ timeoutMs: 50 }).createOrder(input));
    expect(timedOut.message).toBe("Cashfree did not answer within 50 ms");

    const retried = await gateway().createOrder(input);
    expect(lastRequest("POST", "/pg/orders").replayed).toBe(true);
    expect((await gateway().fetchOrder(input.orderId)).orderStatus).toBe("ACTIVE");
    expect(retried.status).toBe("ACTIVE");
  });

  it("returns the existing order's session on 409 order_already_exists", async () => {
    const input = orderInput();
    const first = await gateway().createOrder(input);

    // Cashfree no longer remembers the key, or the retry's body differs (a recomputed expiry): both end in 409.
    standIn.forgetIdempotencyKeys();
    const afterForgetting = await gateway().createOrder(input);
    const changedExpiry = await gateway().createOrder({
      ...input,
      expiresAt: new Date(Date.now() + 40 * 60_000),
    });

    expect(afterForgetting.paymentSessionId).toBe(first.paymentSessionId);
    expect(changedExpiry.paymentSessionId).toBe(first.paymentSessionId);
    expect(standIn.requests.filter((entry) => entry.status === 409)).toHaveLength(2);
    expect(lastRequest("GET", `/pg/orders/${input.orderId}`).method).toBe("GET");
  });

  it("refuses to reuse an existing order id for a different amount", async () => {
    const input = await createdOrder();
    const error = await caught(gateway().createOrder({ ...input, amount: 2000 }));
    expect(error.message).toBe(
      `Cashfree already has an order ${input.orderId} for ₹1500, not ₹2000; a new order id is needed`,
    );
    expect(error.statusCode).toBe(409);
  });

  it("turns a field error into a readable message, e.g. an http return_url in production", async () => {
    await standIn.close();
    standIn = await startCashfreeStandIn({ appId: APP_ID, secretKey: SECRET, environment: "production" });
    const error = await caught(
      gateway({ environment: "production" }).createOrder(
        orderInput({ returnUrl: "http://localhost:5173/return" }),
      ),
    );
    expect(error.message).toBe(
      "Cashfree rejected the request: order_meta.return_url : url should be https. Value received: http://localhost:5173/return (order_meta.return_url_invalid)",
    );
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe("order_meta.return_url_invalid");
  });

  it("reports an unusable phone number and a too-short expiry readably", async () => {
    const phone = await caught(
      gateway().createOrder(
        orderInput({ customer: { id: "p42", name: "Asha", email: "a@b.in", phone: "12" } }),
      ),
    );
    expect(phone.message).toMatch(
      /^Cashfree rejected the request: customer_details\.customer_phone : .*\(customer_details\.customer_phone_invalid\)$/,
    );

    const expiry = await caught(
      gateway().createOrder(orderInput({ expiresAt: new Date(Date.now() + 10 * 60_000) })),
    );
    expect(expiry.message).toBe(
      "Cashfree rejected the request: order_expiry_time : Expiry time should be more than 15 min and less than 30 days (order_expiry_time_invalid)",
    );
  });
});

describe("cashfree gateway: fetchOrder", () => {
  it("reports an unpaid order without a payment", async () => {
    const input = await createdOrder();
    expect(await gateway().fetchOrder(input.orderId)).toEqual({
      orderId: input.orderId,
      orderStatus: "ACTIVE",
      amount: 1500,
    });
    expect(lastRequest("GET", "/payments").path).toBe(`/pg/orders/${input.orderId}/payments`);
  });

  it("reports the latest failed or dropped attempt, then the successful payment", async () => {
    const input = orderInput();
    const cashfree = gateway();
    await cashfree.createOrder(input);

    const failed = standIn.pay(input.orderId, { status: "FAILED", at: new Date(Date.now() - 60_000) });
    expect(await cashfree.fetchOrder(input.orderId)).toMatchObject({
      orderStatus: "ACTIVE",
      payment: {
        paymentId: failed.paymentId,
        status: "FAILED",
        amount: 1500,
        message: "Transaction declined by the bank",
      },
    });

    const dropped = standIn.pay(input.orderId, { status: "USER_DROPPED" });
    expect((await cashfree.fetchOrder(input.orderId)).payment).toMatchObject({
      paymentId: dropped.paymentId,
      status: "USER_DROPPED",
    });

    const paid = standIn.pay(input.orderId, { status: "SUCCESS" });
    standIn.pay(input.orderId, { status: "FAILED" }); // a stray later attempt must not hide the success
    expect(await cashfree.fetchOrder(input.orderId)).toEqual({
      orderId: input.orderId,
      orderStatus: "PAID",
      amount: 1500,
      payment: {
        paymentId: paid.paymentId,
        status: "SUCCESS",
        amount: 1500,
        message: "00::Transaction success",
      },
    });
  });

  it("picks the most recent attempt by payment_time, not by position", async () => {
    const input = await createdOrder();
    const later = standIn.pay(input.orderId, { status: "FAILED", at: new Date(Date.now() - 10_000) });
    standIn.pay(input.orderId, { status: "USER_DROPPED", at: new Date(Date.now() - 120_000) });
    expect((await gateway().fetchOrder(input.orderId)).payment?.paymentId).toBe(later.paymentId);
  });

  it("reports the amount actually paid and an expired order", async () => {
    const input = await createdOrder();
    standIn.expire(input.orderId);
    expect((await gateway().fetchOrder(input.orderId)).orderStatus).toBe("EXPIRED");
    standIn.pay(input.orderId, { status: "SUCCESS", amount: 1400 });
    expect(await gateway().fetchOrder(input.orderId)).toMatchObject({
      orderStatus: "PAID",
      payment: { amount: 1400 },
    });
  });

  it("URL-encodes the order id and reports an unknown order readably", async () => {
    const error = await caught(gateway().fetchOrder("no/such order"));
    expect(error.message).toBe(
      "Cashfree rejected the request: order not found for provided order_id (order_not_found)",
    );
    expect(error.statusCode).toBe(404);
    expect(standIn.requests[0]?.path).toBe("/pg/orders/no%2Fsuch%20order");
  });
});

describe("cashfree gateway: refund", () => {
  async function paidOrder(): Promise<string> {
    const input = await createdOrder();
    standIn.pay(input.orderId, { status: "SUCCESS" });
    return input.orderId;
  }

  it("creates a refund and returns its status", async () => {
    const orderId = await paidOrder();
    const refund = await gateway().refund({ orderId, refundId: "rf_1", amount: 1500, note: "SUCCESS" });
    expect(refund).toMatchObject({ refundId: "rf_1", status: "SUCCESS", amount: 1500 });
    const sent = lastRequest("POST", "/refunds");
    expect(sent.path).toBe(`/pg/orders/${orderId}/refunds`);
    expect(sent.body).toEqual({ refund_amount: 1500, refund_id: "rf_1", refund_note: "SUCCESS" });
    expect(sent.headers["x-idempotency-key"]).toMatch(UUID);
  });

  it("reports a pending refund and has a retried refund replayed, not repeated", async () => {
    const orderId = await paidOrder();
    const input = { orderId, refundId: "rf_2", amount: 500, note: "Consultation cancelled by the clinic" };
    expect(await gateway().refund(input)).toMatchObject({ refundId: "rf_2", status: "PENDING", amount: 500 });
    expect(await gateway().refund(input)).toMatchObject({ refundId: "rf_2", status: "PENDING", amount: 500 });
    expect(lastRequest("POST", "/refunds").replayed).toBe(true);
  });

  it("accepts the refund answer as an array, as Cashfree's docs show it", async () => {
    await standIn.close();
    standIn = await startCashfreeStandIn({ appId: APP_ID, secretKey: SECRET, refundResponse: "array" });
    const orderId = await paidOrder();
    expect(await gateway().refund({ orderId, refundId: "rf_3", amount: 100, note: "SUCCESS" })).toMatchObject(
      {
        refundId: "rf_3",
        status: "SUCCESS",
        amount: 100,
      },
    );
  });

  it("turns refund errors into readable messages", async () => {
    const unpaid = orderInput();
    await gateway().createOrder(unpaid);
    const notPaid = await caught(
      gateway().refund({ orderId: unpaid.orderId, refundId: "rf_4", amount: 100, note: "refund" }),
    );
    expect(notPaid.message).toBe(
      `Cashfree rejected the request: refund can be created only for a PAID order; order ${unpaid.orderId} is ACTIVE (order_status_invalid)`,
    );
    expect(notPaid.statusCode).toBe(400);

    const orderId = await paidOrder();
    const tooMuch = await caught(
      gateway().refund({ orderId, refundId: "rf_5", amount: 2000, note: "refund" }),
    );
    expect(tooMuch.message).toBe(
      "Cashfree rejected the request: refund_amount : should be less than or equal to the refundable amount 1500. Value received: 2000 (refund_amount_invalid)",
    );

    await gateway().refund({ orderId, refundId: "rf_6", amount: 100, note: "refund" });
    const reused = await caught(gateway().refund({ orderId, refundId: "rf_6", amount: 200, note: "refund" }));
    expect(reused.message).toBe(
      "Cashfree rejected the request: refund with same id is already present (refund_already_exists)",
    );
    expect(reused.statusCode).toBe(409);
  });
});

describe("cashfree gateway: terminateOrder", () => {
  it("terminates an unpaid order with PATCH {order_status: TERMINATED}, and the checkout takes no payment", async () => {
    const input = await createdOrder();
    expect(await gateway().terminateOrder(input.orderId)).toEqual({
      orderId: input.orderId,
      orderStatus: "TERMINATED",
    });
    const sent = lastRequest("PATCH", input.orderId);
    expect(sent.path).toBe(`/pg/orders/${input.orderId}`);
    expect(sent.body).toEqual({ order_status: "TERMINATED" });
    expect(sent.headers["x-api-version"]).toBe("2025-01-01");
    expect((await gateway().fetchOrder(input.orderId)).orderStatus).toBe("TERMINATED");
    expect(() => standIn.pay(input.orderId)).toThrow(/TERMINATED/);
    // Terminating again changes nothing.
    expect((await gateway().terminateOrder(input.orderId)).orderStatus).toBe("TERMINATED");
  });

  it("answers TERMINATION_REQUESTED while an attempt is in flight, which may still succeed", async () => {
    const input = await createdOrder();
    const { paymentId } = standIn.pay(input.orderId, { status: "PENDING" });
    expect((await gateway().terminateOrder(input.orderId)).orderStatus).toBe("TERMINATION_REQUESTED");
    standIn.complete(input.orderId, paymentId, { status: "SUCCESS" });
    const order = await gateway().fetchOrder(input.orderId);
    expect(order).toMatchObject({ orderStatus: "PAID", payment: { paymentId, status: "SUCCESS" } });

    const failing = orderInput();
    await gateway().createOrder(failing);
    const attempt = standIn.pay(failing.orderId, { status: "PENDING" });
    await gateway().terminateOrder(failing.orderId);
    standIn.complete(failing.orderId, attempt.paymentId, { status: "FAILED" });
    expect((await gateway().fetchOrder(failing.orderId)).orderStatus).toBe("TERMINATED");
  });

  it("reports a paid order's refusal readably", async () => {
    const input = await createdOrder();
    standIn.pay(input.orderId);
    const error = await caught(gateway().terminateOrder(input.orderId));
    expect(error.message).toBe(
      "Cashfree rejected the request: order is PAID and cannot be terminated (order_inactive)",
    );
    expect(error.statusCode).toBe(400);
  });
});

describe("cashfree gateway: transport failures", () => {
  it("reports wrong credentials readably and never repeats the secret", async () => {
    const wrongSecret = "cfsk_ma_test_wrong_secret_value_9999";
    const error = await caught(gateway({ secretKey: wrongSecret }).createOrder(orderInput()));
    expect(error.message).toBe(
      "Cashfree refused the credentials: authentication Failed (request_failed). Check the App ID and Secret Key, and that both are for the same environment (sandbox or production)",
    );
    expect(error.statusCode).toBe(401);
    expect(error.code).toBe("request_failed");
    expect(error.message).not.toContain(wrongSecret);
    expect(error.stack).not.toContain(wrongSecret);
  });

  it("redacts the secret even if Cashfree echoes it back", async () => {
    standIn.failNext(400, {
      message: `bad header x-client-secret=${SECRET}`,
      code: "request_invalid",
      type: "invalid_request_error",
    });
    const error = await caught(gateway().fetchOrder("bk_1"));
    expect(error.message).toBe(
      "Cashfree rejected the request: bad header x-client-secret=[secret] (request_invalid)",
    );
  });

  it("reports a server error without a JSON body readably", async () => {
    standIn.failNext(502, "<html><body>Bad Gateway</body></html>");
    const error = await caught(gateway().fetchOrder("bk_1"));
    expect(error.message).toBe("Cashfree had a server error: HTTP 502 without a readable error");
    expect(error.statusCode).toBe(502);
  });

  it("waits x-ratelimit-retry seconds on 429 and then succeeds", async () => {
    standIn.rateLimitNext(2, 3);
    const input = orderInput();
    const order = await gateway().createOrder(input);
    expect(order.orderId).toBe(input.orderId);
    expect(waits).toEqual([3000, 3000]);
    expect(standIn.requests.map((entry) => entry.status)).toEqual([429, 429, 200]);
    // The same idempotency key and request id on every attempt of one call.
    expect(new Set(standIn.requests.map((entry) => entry.headers["x-idempotency-key"])).size).toBe(1);
    expect(new Set(standIn.requests.map((entry) => entry.headers["x-request-id"])).size).toBe(1);
  });

  it("gives up after maxRateLimitRetries with a 429 GatewayError", async () => {
    standIn.rateLimitNext(5, 1);
    const error = await caught(gateway({ maxRateLimitRetries: 2 }).createOrder(orderInput()));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe(
      "Cashfree is rate-limiting this account: Too many requests from IP. Check headers (request_failed)",
    );
    expect(waits).toEqual([1000, 1000]);
    expect(standIn.requests).toHaveLength(3);
  });

  it("caps a long x-ratelimit-retry at 60 seconds and defaults a missing one to 1 second", async () => {
    standIn.rateLimitNext(1, 120);
    await gateway().fetchOrder((await gateway().createOrder(orderInput())).orderId);
    standIn.failNext(429, { message: "Too many requests", code: "request_failed", type: "rate_limit_error" });
    await gateway().createOrder(orderInput());
    expect(waits).toEqual([60_000, 1000]);
  });

  it("reports a timeout readably", async () => {
    // fetchOrder asks for the order and its payments at once: both answers are late.
    standIn.delayNext(1000);
    standIn.delayNext(1000);
    const error = await caught(gateway({ timeoutMs: 100 }).fetchOrder("bk_1"));
    expect(error.message).toBe("Cashfree did not answer within 100 ms");
    expect(error.statusCode).toBeUndefined();
  });

  it("reports an unreachable Cashfree readably", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const error = await caught(gateway({ baseUrl: `http://127.0.0.1:${closedPort}/pg` }).fetchOrder("bk_1"));
    expect(error.message).toMatch(/^Could not reach Cashfree: .*ECONNREFUSED/);
  });
});

describe("cashfree gateway: verifyWebhook", () => {
  let successPaymentId = "";

  async function paidOrderWithAttempts(): Promise<string> {
    const input = await createdOrder();
    standIn.pay(input.orderId, { status: "USER_DROPPED" });
    standIn.pay(input.orderId, { status: "FAILED" });
    successPaymentId = standIn.pay(input.orderId, { status: "SUCCESS" }).paymentId;
    return input.orderId;
  }

  it("accepts Cashfree's signature and maps a payment success", async () => {
    const orderId = await paidOrderWithAttempts();
    const { rawBody, headers } = standIn.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK");
    const event = gateway().verifyWebhook(rawBody, headers);
    expect(event).toEqual({
      dedupeKey: `PAYMENT_SUCCESS_WEBHOOK:${successPaymentId}`,
      type: "PAYMENT_SUCCESS",
      orderId,
      payment: {
        paymentId: successPaymentId,
        status: "SUCCESS",
        amount: 1500,
        message: "00::Transaction success",
      },
    });
    expect(signCashfreeWebhook(SECRET, headers["x-webhook-timestamp"] ?? "", rawBody)).toBe(
      createHmac("sha256", SECRET).update(`${headers["x-webhook-timestamp"]}${rawBody}`).digest("base64"),
    );
  });

  it("maps failed, dropped and other webhooks", async () => {
    const orderId = await paidOrderWithAttempts();
    const cashfree = gateway();
    const verify = (type: Parameters<CashfreeStandIn["webhookFor"]>[1]) => {
      const { rawBody, headers } = standIn.webhookFor(orderId, type);
      return cashfree.verifyWebhook(rawBody, headers);
    };
    expect(verify("PAYMENT_FAILED_WEBHOOK")).toMatchObject({
      type: "PAYMENT_FAILED",
      orderId,
      payment: { status: "FAILED" },
    });
    expect(verify("PAYMENT_USER_DROPPED_WEBHOOK")).toMatchObject({
      type: "PAYMENT_USER_DROPPED",
      payment: { status: "USER_DROPPED" },
    });
    await cashfree.refund({ orderId, refundId: "rf_w", amount: 10, note: "SUCCESS" });
    expect(verify("REFUND_STATUS_WEBHOOK")).toMatchObject({
      type: "REFUND_STATUS",
      orderId,
      refund: { refundId: "rf_w", status: "SUCCESS", amount: 10 },
    });
  });

  it("reads headers in any case and as arrays", async () => {
    const orderId = await paidOrderWithAttempts();
    const { rawBody, headers } = standIn.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK");
    const shouted = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), [value]]),
    );
    expect(gateway().verifyWebhook(rawBody, shouted).type).toBe("PAYMENT_SUCCESS");
  });

  it("keys duplicates on signed content only: x-idempotency-key, which the signature does not cover, is ignored", async () => {
    const orderId = await paidOrderWithAttempts();
    const { rawBody, headers } = standIn.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK");
    const cashfree = gateway();
    const { "x-idempotency-key": _key, ...withoutKey } = headers;
    const keys = [
      cashfree.verifyWebhook(rawBody, headers).dedupeKey,
      cashfree.verifyWebhook(rawBody, { ...headers, "x-idempotency-key": randomUUID() }).dedupeKey,
      cashfree.verifyWebhook(rawBody, withoutKey).dedupeKey,
    ];
    expect(new Set(keys)).toEqual(new Set([`PAYMENT_SUCCESS_WEBHOOK:${successPaymentId}`]));
    // The same payment sent again later (a resend, a new timestamp) is the same event.
    const later = standIn.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK", {
      at: new Date(Date.now() + 1000),
    });
    expect(later.rawBody).not.toBe(rawBody);
    expect(cashfree.verifyWebhook(later.rawBody, later.headers).dedupeKey).toBe(keys[0]);
    // Another event about the same order is another key.
    const dropped = standIn.webhookFor(orderId, "PAYMENT_USER_DROPPED_WEBHOOK");
    expect(cashfree.verifyWebhook(dropped.rawBody, dropped.headers).dedupeKey).toMatch(
      /^PAYMENT_USER_DROPPED_WEBHOOK:\d+$/,
    );
  });

  it("keys refund webhooks on the refund id and status, and unknown payloads on the signed body", async () => {
    const orderId = await paidOrderWithAttempts();
    const cashfree = gateway();
    await cashfree.refund({ orderId, refundId: "rf_key", amount: 10, note: "PENDING" });
    const refund = standIn.webhookFor(orderId, "REFUND_STATUS_WEBHOOK");
    expect(cashfree.verifyWebhook(refund.rawBody, refund.headers).dedupeKey).toBe(
      "REFUND_STATUS_WEBHOOK:rf_key:PENDING",
    );
    const odd = JSON.stringify({ type: "SOMETHING_NEW", data: { hello: "world" } });
    const timestamp = String(Date.now());
    const signed = {
      "x-webhook-timestamp": timestamp,
      "x-webhook-signature": signCashfreeWebhook(SECRET, timestamp, odd),
      "x-idempotency-key": "anything",
    };
    expect(cashfree.verifyWebhook(odd, signed)).toEqual({
      dedupeKey: `body:${createHash("sha256").update(odd).digest("hex")}`,
      type: "OTHER",
    });
  });

  it("refuses a forged signature, a tampered body and a malformed signature", async () => {
    const orderId = await paidOrderWithAttempts();
    const { rawBody, headers } = standIn.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK");
    const timestamp = headers["x-webhook-timestamp"] ?? "";
    const cashfree = gateway();

    const forged = {
      ...headers,
      "x-webhook-signature": signCashfreeWebhook("someone-else", timestamp, rawBody),
    };
    expect(caughtSync(() => cashfree.verifyWebhook(rawBody, forged)).message).toMatch(
      /signature does not match/,
    );

    const tampered = rawBody.replace('"payment_amount":1500', '"payment_amount":1');
    expect(tampered).not.toBe(rawBody);
    caughtSync(() => cashfree.verifyWebhook(tampered, headers));

    caughtSync(() => cashfree.verifyWebhook(rawBody, { ...headers, "x-webhook-signature": "short" }));
  });

  it("refuses a stale or far-future timestamp", async () => {
    const orderId = await paidOrderWithAttempts();
    const { rawBody, headers } = standIn.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK");
    const sentAt = Number(headers["x-webhook-timestamp"]);
    const cashfree = gateway();

    const stale = caughtSync(() => cashfree.verifyWebhook(rawBody, headers, new Date(sentAt + 6 * 60_000)));
    expect(stale.message).toBe(
      "Webhook timestamp is 360 seconds old; webhooks older than 5 minutes are refused as possible replays",
    );
    caughtSync(() => cashfree.verifyWebhook(rawBody, headers, new Date(sentAt - 6 * 60_000)));
    // Within the window either way is fine.
    expect(cashfree.verifyWebhook(rawBody, headers, new Date(sentAt + 4 * 60_000)).type).toBe(
      "PAYMENT_SUCCESS",
    );

    // A correctly signed but old webhook (a replay) is refused too.
    const old = standIn.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK", {
      at: new Date(Date.now() - 6 * 60_000),
    });
    caughtSync(() => cashfree.verifyWebhook(old.rawBody, old.headers));
  });

  it("refuses missing or malformed signature headers", async () => {
    const orderId = await paidOrderWithAttempts();
    const { rawBody, headers } = standIn.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK");
    const { "x-webhook-signature": _signature, ...noSignature } = headers;
    const { "x-webhook-timestamp": _timestamp, ...noTimestamp } = headers;
    const cashfree = gateway();

    expect(caughtSync(() => cashfree.verifyWebhook(rawBody, noSignature)).message).toBe(
      "Webhook has no x-webhook-signature header",
    );
    expect(caughtSync(() => cashfree.verifyWebhook(rawBody, noTimestamp)).message).toBe(
      "Webhook has no x-webhook-timestamp header",
    );
    caughtSync(() => cashfree.verifyWebhook(rawBody, { ...headers, "x-webhook-timestamp": "yesterday" }));
    caughtSync(() => cashfree.verifyWebhook(rawBody, {}));
  });
});

describe("cashfree stand-in: documented contract", () => {
  const headers = {
    "x-client-id": APP_ID,
    "x-client-secret": SECRET,
    "x-api-version": "2025-01-01",
    "content-type": "application/json",
  };
  const validOrder = {
    order_id: "bk_contract_1",
    order_amount: 10,
    order_currency: "INR",
    customer_details: { customer_id: "c123", customer_phone: "9876543210" },
  };

  async function post(body: unknown, extra: Record<string, string> = {}) {
    const response = await fetch(`${standIn.baseUrl}/orders`, {
      method: "POST",
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  }

  it("answers Cashfree's documented errors", async () => {
    expect(await post({ ...validOrder, customer_details: { customer_id: "c123" } })).toMatchObject({
      status: 400,
      body: {
        code: "customer_details.customer_phone_missing",
        message: "customer_details.customer_phone : is missing in the request. Value received: ",
        type: "invalid_request_error",
      },
    });
    expect(await post({ ...validOrder, order_amount: 10.555 })).toMatchObject({
      status: 400,
      body: {
        code: "order_amount_invalid",
        message: "order_amount : Invalid amount. Value received: 10.555",
      },
    });
    expect(
      await post({ ...validOrder, order_meta: { notify_url: "http://clinic.example/hook" } }),
    ).toMatchObject({
      status: 400,
      body: {
        code: "order_meta.notify_url_invalid",
        message: "order_meta.notify_url : url should be https. Value received: http://clinic.example/hook",
      },
    });
    expect(await post(validOrder, { "x-api-version": "2023-08-01" })).toMatchObject({ status: 400 });
    expect(await post(validOrder, { "x-client-secret": "nope" })).toMatchObject({
      status: 401,
      body: { message: "authentication Failed", code: "request_failed", type: "authentication_error" },
    });
  });

  it("replays a repeated idempotency key and refuses a changed body under it", async () => {
    const key = randomUUID();
    const first = await post(validOrder, { "x-idempotency-key": key });
    const again = await post(validOrder, { "x-idempotency-key": key });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-idempotency-replayed")).toBe("true");
    expect(await post({ ...validOrder, order_amount: 11 }, { "x-idempotency-key": key })).toMatchObject({
      status: 422,
      body: { type: "idempotency_error" },
    });
    expect(await post(validOrder)).toMatchObject({ status: 409, body: { code: "order_already_exists" } });
  });

  it("terminates with PATCH /orders/{order_id} only for {order_status: TERMINATED}", async () => {
    await post(validOrder);
    const patch = async (orderId: string, body: unknown) => {
      const response = await fetch(`${standIn.baseUrl}/orders/${orderId}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await patch("bk_contract_1", {})).toMatchObject({
      status: 400,
      body: { code: "order_status_missing" },
    });
    expect(await patch("bk_contract_1", { order_status: "PAID" })).toMatchObject({
      status: 400,
      body: { code: "order_status_invalid" },
    });
    expect(await patch("bk_unknown", { order_status: "TERMINATED" })).toMatchObject({ status: 404 });
    expect(await patch("bk_contract_1", { order_status: "TERMINATED" })).toMatchObject({
      status: 200,
      body: { order_id: "bk_contract_1", entity: "order", order_status: "TERMINATED" },
    });
  });

  it("answers an order in the documented OrderEntity shape", async () => {
    const body = (await post(validOrder)).body as Record<string, unknown>;
    expect(body).toMatchObject({
      order_id: "bk_contract_1",
      entity: "order",
      order_amount: 10,
      order_currency: "INR",
      order_status: "ACTIVE",
    });
    expect(body.cf_order_id).toMatch(/^\d+$/);
    expect(body.payment_session_id).toMatch(/^session_/);
    expect(body.order_expiry_time).toMatch(/\+05:30$/);
  });
});
