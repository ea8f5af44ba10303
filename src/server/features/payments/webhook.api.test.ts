import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreatedAppointment, CreatedOrder, PaymentVerification } from "@shared/booking";
import { appointments, domainEvents, refunds, webhookReceipts } from "../../db/schema";
import { cashfreeEnv, startCashfreeStandIn, TEST_CASHFREE_ACCOUNT } from "../../testing/cashfree-stand-in";
import { useInSuite } from "../../testing/suite";
import { bookingConsent, TEST_SITE, testClock, testEngines, useTestApp } from "../../testing/test-app";

/** The real Cashfree adapter, pointed at a loopback stand-in that follows Cashfree's documented contract. */
const clock = testClock("2026-11-21T10:00:00Z");

describe.each(testEngines)("Cashfree payments and webhooks on %s", (engine) => {
  const cashfree = useInSuite(() => startCashfreeStandIn({ ...TEST_CASHFREE_ACCOUNT, now: clock.now }));
  const t = useTestApp(engine, () => ({
    now: clock.now,
    env: { ...cashfreeEnv(cashfree), PUBLIC_BASE_URL: TEST_SITE },
  }));

  let slot = 0;
  const bookAndOrder = async () => {
    const time = ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"][slot++ % 6] ?? "19:00";
    const response = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      payload: {
        patientName: "Kabir Rao",
        patientEmail: "kabir.parent@example.org",
        patientPhone: "+91 98450 12345",
        patientAge: 9,
        reasonForConsultation: "Palpitations",
        ...bookingConsent,
        appointmentDate: slot <= 6 ? "2026-11-22" : "2026-11-23",
        appointmentTime: time,
      },
    });
    const { appointment } = response.json<{ appointment: CreatedAppointment }>();
    const order = (
      await t.app.inject({
        method: "POST",
        url: "/api/create-order",
        payload: { appointmentId: appointment.id },
      })
    ).json<CreatedOrder>();
    return { appointment, order };
  };
  const deliver = (webhook: { rawBody: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: webhook.rawBody,
      headers: webhook.headers,
    });
  const row = async (id: string) =>
    (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const confirmations = async (id: string) =>
    (await t.database.db.select().from(domainEvents).where(eq(domainEvents.appointmentId, id))).filter(
      (event) => event.type === "appointment_confirmed",
    ).length;

  it("creates the Cashfree order with the return and notify addresses, and reports the SDK mode", async () => {
    const config = (await t.app.inject({ method: "GET", url: "/api/config" })).json<{
      paymentProvider: string;
      paymentMode: string;
    }>();
    expect(config).toMatchObject({ paymentProvider: "cashfree", paymentMode: "sandbox" });
    const { order } = await bookAndOrder();
    expect(order).toMatchObject({ provider: "cashfree", mode: "sandbox", amount: 2000 });
    expect(order.checkoutUrl).toBeUndefined();
    expect(order.paymentSessionId).toMatch(/^session_/);
    const created = cashfree.requests.find(
      (request) => request.method === "POST" && request.path === "/pg/orders",
    );
    expect(created?.body).toMatchObject({
      order_id: order.orderId,
      order_amount: 2000,
      order_currency: "INR",
      customer_details: { customer_phone: "9845012345", customer_email: "kabir.parent@example.org" },
      order_meta: {
        return_url: `https://clinic.test/payment/callback?order_id=${order.orderId}`,
        notify_url: "https://clinic.test/api/payments/webhook",
      },
    });
    expect(created?.headers["x-api-version"]).toBe("2025-01-01");
  });

  it("confirms a booking from a signed webhook, once, however often it is delivered", async () => {
    const { appointment, order } = await bookAndOrder();
    cashfree.pay(order.orderId, { at: clock.now() });
    const webhook = cashfree.webhookFor(order.orderId, "PAYMENT_SUCCESS_WEBHOOK", { at: clock.now() });

    const first = await deliver(webhook);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, result: "handled" });
    expect(await row(appointment.id)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      paidAmount: 2000,
    });

    const replay = await deliver(webhook);
    expect(replay.json()).toEqual({ received: true, result: "duplicate" });
    const verified = (
      await t.app.inject({ method: "GET", url: `/api/verify-payment/${order.orderId}` })
    ).json<PaymentVerification>();
    expect(verified.status).toBe("PAID");
    expect(await confirmations(appointment.id)).toBe(1);
  });

  it("answers the same signed webhook replayed with another x-idempotency-key as a duplicate, changing nothing", async () => {
    const { appointment, order } = await bookAndOrder();
    cashfree.pay(order.orderId, { at: clock.now() });
    const webhook = cashfree.webhookFor(order.orderId, "PAYMENT_SUCCESS_WEBHOOK", { at: clock.now() });
    expect((await deliver(webhook)).json()).toEqual({ received: true, result: "handled" });
    const before = await row(appointment.id);
    const receiptsBefore = (await t.database.db.select().from(webhookReceipts)).length;

    // x-idempotency-key is not covered by the signature: a replay may carry any value, or none.
    for (const key of ["replayed-with-another-key", undefined]) {
      const { "x-idempotency-key": _original, ...headers } = webhook.headers;
      const replay = await deliver({
        rawBody: webhook.rawBody,
        headers: key ? { ...headers, "x-idempotency-key": key } : headers,
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, result: "duplicate" });
    }
    expect(await row(appointment.id)).toEqual(before);
    expect(await confirmations(appointment.id)).toBe(1);
    expect((await t.database.db.select().from(webhookReceipts)).length).toBe(receiptsBefore);
  });

  it("rejects a forged, tampered or stale webhook with 401 and changes nothing", async () => {
    const { appointment, order } = await bookAndOrder();
    cashfree.pay(order.orderId, { at: clock.now() });
    const good = cashfree.webhookFor(order.orderId, "PAYMENT_SUCCESS_WEBHOOK", { at: clock.now() });

    const forged = await deliver({
      ...good,
      headers: { ...good.headers, "x-webhook-signature": Buffer.alloc(32).toString("base64") },
    });
    const tampered = await deliver({
      ...good,
      rawBody: good.rawBody.replace('"payment_amount":2000', '"payment_amount":1'),
    });
    const stale = await deliver(
      cashfree.webhookFor(order.orderId, "PAYMENT_SUCCESS_WEBHOOK", {
        at: new Date(clock.now().getTime() - 6 * 60_000),
      }),
    );
    const unsigned = await deliver({
      rawBody: good.rawBody,
      headers: { "content-type": "application/json" },
    });
    for (const response of [forged, tampered, stale, unsigned]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<{ message: string }>().message).toMatch(/^Webhook rejected: /);
    }
    expect(await row(appointment.id)).toMatchObject({ status: "pending_payment", paymentStatus: "pending" });
    expect(await confirmations(appointment.id)).toBe(0);
  });

  it("frees the slot on a failed-payment webhook", async () => {
    const { appointment, order } = await bookAndOrder();
    cashfree.pay(order.orderId, { status: "FAILED", at: clock.now() });
    const response = await deliver(
      cashfree.webhookFor(order.orderId, "PAYMENT_FAILED_WEBHOOK", { at: clock.now() }),
    );
    expect(response.statusCode).toBe(200);
    expect(await row(appointment.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
  });

  it("asks Cashfree for a full refund when a late payment finds its slot taken", async () => {
    const { appointment, order } = await bookAndOrder();
    clock.advanceMinutes(16);
    const rival = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      payload: {
        patientName: "Rival Booking",
        patientEmail: "rival@example.org",
        patientPhone: "9845012399",
        patientAge: 3,
        reasonForConsultation: "Check-up",
        ...bookingConsent,
        appointmentDate: "2026-11-22",
        appointmentTime: (await row(appointment.id))?.appointmentTime ?? "",
      },
    });
    expect(rival.statusCode).toBe(201);

    cashfree.pay(order.orderId, { at: clock.now() });
    const response = await deliver(
      cashfree.webhookFor(order.orderId, "PAYMENT_SUCCESS_WEBHOOK", { at: clock.now() }),
    );
    expect(response.statusCode).toBe(200);
    const refundRequest = cashfree.requests.find(
      (request) => request.path === `/pg/orders/${order.orderId}/refunds`,
    );
    expect(refundRequest?.body).toMatchObject({
      refund_amount: 2000,
      refund_id: `rf_${appointment.id.replaceAll("-", "")}_1`,
    });
    expect(await row(appointment.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refund_pending",
      refundAmount: 2000,
    });
    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.appointmentId, appointment.id));
    expect(refund).toMatchObject({
      state: "pending",
      gatewayStatus: "PENDING",
      amount: 2000,
      requested: true,
    });
    clock.set("2026-11-21T10:00:00Z");
  });
});
