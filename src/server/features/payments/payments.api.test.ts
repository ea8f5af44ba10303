import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Availability, CreatedAppointment, CreatedOrder, PaymentVerification } from "@shared/booking";
import { CONSENT_VERSIONS } from "@shared/consent";
import { appointments, domainEvents } from "../../db/schema";
import { bookingConsent, testClock, testEngines, useTestApp } from "../../testing/test-app";
import { CREATE_ORDER_LIMIT, VERIFY_PAYMENT_LIMIT } from "./routes";
import { sweep } from "./service";

const clock = testClock("2026-11-21T10:00:00Z");

const booking = (appointmentDate: string, appointmentTime = "19:00", patientName = "Diya Nair") => ({
  patientName,
  patientEmail: "diya.parent@example.org",
  patientPhone: "9845012345",
  patientAge: 4,
  reasonForConsultation: "Fast breathing while feeding",
  ...bookingConsent,
  appointmentDate,
  appointmentTime,
});

describe.each(testEngines)("payments on the simulator, on %s", (engine) => {
  const t = useTestApp(engine, { now: clock.now });

  const book = async (date: string, time?: string, name?: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      payload: booking(date, time, name),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ appointment: CreatedAppointment }>().appointment;
  };
  const createOrder = (appointmentId: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/create-order",
      payload: { appointmentId },
      headers: { host: "clinic.test" },
    });
  const checkout = (orderId: string, outcome: "pay" | "decline" | "cancel") =>
    t.app.inject({
      method: "POST",
      url: `/payment/simulator/${orderId}`,
      payload: `outcome=${outcome}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  /** Makes the booking's order and leaves the simulator's checkout with `outcome`; answers the order's id. */
  const checkOut = async (appointmentId: string, outcome: "pay" | "decline" | "cancel") => {
    const { orderId } = (await createOrder(appointmentId)).json<CreatedOrder>();
    await checkout(orderId, outcome);
    return orderId;
  };
  const verify = async (orderId: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/verify-payment/${orderId}` });
    expect(response.statusCode).toBe(200);
    return response.json<PaymentVerification>();
  };
  const row = async (id: string) =>
    (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const events = async (id: string) =>
    t.database.db.select().from(domainEvents).where(eq(domainEvents.appointmentId, id));
  const taken = async (date: string) =>
    (await t.app.inject({ method: "GET", url: `/api/appointments?date=${date}` })).json<Availability>()
      .bookedSlots;

  it("books, pays on the simulator's checkout page, returns to the callback and confirms once", async () => {
    const appointment = await book("2026-11-22");
    const orderResponse = await createOrder(appointment.id);
    expect(orderResponse.statusCode).toBe(200);
    const order = orderResponse.json<CreatedOrder>();
    expect(order).toMatchObject({ provider: "simulator", mode: "sandbox", amount: 2000 });
    expect(order.checkoutUrl).toBe(`/payment/simulator/${order.orderId}`);
    expect(order.paymentSessionId).toMatch(/^simsession_/);
    expect((await createOrder(appointment.id)).json()).toEqual(order);

    const page = await t.app.inject({ method: "GET", url: order.checkoutUrl ?? "" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Test checkout");
    expect(page.body).toContain("₹2,000");
    for (const button of ["Pay ₹2,000", "Decline payment", "Cancel and return"])
      expect(page.body).toContain(button);

    const paid = await checkout(order.orderId, "pay");
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://clinic.test/payment/callback?order_id=${order.orderId}`);

    expect(await verify(order.orderId)).toEqual({
      status: "PAID",
      outcome: "confirmed",
      orderId: order.orderId,
      amount: 2000,
      bookingId: appointment.id.slice(0, 8),
      appointmentDate: "2026-11-22",
      appointmentTime: "19:00",
      // The parent's own link to the booking, on the site's public address.
      manageUrl: expect.stringMatching(/\/appointments\/manage\/[A-Za-z0-9_-]{43}$/) as unknown,
      // The video link and invite the e-mail carries; 7:00 PM IST is 13:30 UTC, and the room opens an hour before.
      videoRoomUrl: expect.stringMatching(/^http:\/\/[^/]+\/video-consultation\/[0-9a-f]{32}$/) as unknown,
      roomOpensAt: "2026-11-22T12:30:00.000Z",
      calendarInviteUrl: expect.stringMatching(/^\/api\/video-room\/[0-9a-f]{32}\/invite\.ics$/) as unknown,
    });
    expect(await row(appointment.id)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      paidAmount: 2000,
    });
    expect((await row(appointment.id))?.gatewayPaymentId).toMatch(/^simpay_/);

    await verify(order.orderId);
    await verify(order.orderId);
    const confirmations = (await events(appointment.id)).filter(
      (event) => event.type === "appointment_confirmed",
    );
    expect(confirmations).toHaveLength(1);
    expect(await taken("2026-11-22")).toEqual(["19:00"]);

    clock.advanceMinutes(60);
    expect(await taken("2026-11-22")).toEqual(["19:00"]);
    expect((await createOrder(appointment.id)).statusCode).toBe(409);
    clock.set("2026-11-21T10:00:00Z");
  });

  it("returns the parent to the payment result page in the booking's language", async () => {
    for (const [language, time] of [
      ["kn", "19:40"],
      ["hi", "20:00"],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/appointments",
        payload: { ...booking("2026-11-23", time), language, consentVersion: CONSENT_VERSIONS[language] },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { id } = response.json<{ appointment: CreatedAppointment }>().appointment;
      const { orderId } = (await createOrder(id)).json<CreatedOrder>();
      const paid = await checkout(orderId, "pay");
      expect(paid.headers.location).toBe(
        `http://clinic.test/${language}/payment/callback?order_id=${orderId}`,
      );
    }
  });

  it("marks a declined payment failed and frees the slot at once", async () => {
    const appointment = await book("2026-11-22", "19:20");
    const orderId = await checkOut(appointment.id, "decline");
    expect((await verify(orderId)).status).toBe("FAILED");
    expect(await row(appointment.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(await taken("2026-11-22")).not.toContain("19:20");
    expect((await events(appointment.id)).length).toBe(0);
  });

  it("treats a cancelled checkout like a dropped payment", async () => {
    const appointment = await book("2026-11-22", "19:40");
    const orderId = await checkOut(appointment.id, "cancel");
    expect((await verify(orderId)).status).toBe("USER_DROPPED");
    expect(await taken("2026-11-22")).not.toContain("19:40");
  });

  it("says why no order can be made for a booking already paid or cancelled", async () => {
    const paid = await book("2026-11-23", "20:40");
    await verify(await checkOut(paid.id, "pay"));
    const again = await createOrder(paid.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe("This booking is already paid and confirmed.");

    const dropped = await book("2026-11-23", "20:20");
    await verify(await checkOut(dropped.id, "cancel"));
    const revived = await createOrder(dropped.id);
    expect(revived.statusCode).toBe(409);
    expect(revived.json<{ message: string }>().message).toBe(
      "This booking was cancelled. Please start a new booking to choose a time.",
    );
  });

  it("reports an unpaid order as ACTIVE and changes nothing", async () => {
    const appointment = await book("2026-11-22", "20:00");
    const order = (await createOrder(appointment.id)).json<CreatedOrder>();
    expect((await verify(order.orderId)).status).toBe("ACTIVE");
    expect(await row(appointment.id)).toMatchObject({ status: "pending_payment", paymentStatus: "pending" });
  });

  it("answers 404 for unknown appointments and orders, and 400 for a malformed id", async () => {
    const unknown = await createOrder("6f1c7a52-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe("Appointment not found");
    expect((await createOrder("not-a-uuid")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/verify-payment/bk_nothing" })).statusCode).toBe(
      404,
    );
  });

  it("confirms a late payment when the slot is still free", async () => {
    const appointment = await book("2026-11-24");
    const order = (await createOrder(appointment.id)).json<CreatedOrder>();
    clock.advanceMinutes(20);
    await sweep({
      db: t.database.db,
      config: t.config,
      gateway: t.gateway,
      log: t.app.log,
      now: clock.now(),
      counters: t.app.metrics.counters,
    });
    expect((await row(appointment.id))?.status).toBe("expired");

    await checkout(order.orderId, "pay");
    expect((await verify(order.orderId)).status).toBe("PAID");
    expect(await row(appointment.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await taken("2026-11-24")).toEqual(["19:00"]);
    clock.set("2026-11-21T10:00:00Z");
  });

  it("refunds in full a late payment whose slot someone else booked, and shows why", async () => {
    const late = await book("2026-11-26", "20:20", "Late Payer");
    const order = (await createOrder(late.id)).json<CreatedOrder>();
    clock.advanceMinutes(16);
    const other = await book("2026-11-26", "20:20", "Other Parent");

    await checkout(order.orderId, "pay");
    const verification = await verify(order.orderId);
    // The money was received, but the booking is not: the answer says so.
    expect(verification).toMatchObject({
      status: "PAID",
      outcome: "refunded",
      refund: { reason: "slot_taken", amount: 2000, price: 2000 },
    });
    const refunded = await row(late.id);
    expect(refunded).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      paidAmount: 2000,
      refundAmount: 2000,
    });
    expect(refunded?.statusNote).toContain("Full refund requested");
    expect((await events(late.id)).map((event) => event.type)).toEqual([
      "appointment_refund_requested",
      "refund_requested",
      "refund_succeeded",
    ]);
    expect((await row(other.id))?.status).toBe("pending_payment");

    await verify(order.orderId);
    expect((await events(late.id)).length).toBe(3);
    clock.set("2026-11-21T10:00:00Z");
  });

  it("limits create-order per address with a readable 429, leaving other addresses alone", async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/create-order",
        remoteAddress,
        payload: { appointmentId: "6f1c7a52-0000-4000-8000-000000000000" },
      });
    expect(CREATE_ORDER_LIMIT.max).toBeGreaterThanOrEqual(10);
    for (let call = 0; call < CREATE_ORDER_LIMIT.max; call += 1)
      expect((await from("10.77.0.1")).statusCode).toBe(404);
    const limited = await from("10.77.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many checkouts were started from this address\. Please try again in \d+ (seconds|minutes)\.$/,
    );
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await from("10.77.0.2")).statusCode).toBe(404);
  });

  it("limits verify-payment per address, well above what a parent's result page asks", async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ method: "GET", url: "/api/verify-payment/bk_nothing", remoteAddress });
    // The result page asks once and retries at most 3 times: several reloads a minute still get through.
    expect(VERIFY_PAYMENT_LIMIT).toEqual({ max: 20, timeWindow: "1 minute" });
    for (let call = 0; call < VERIFY_PAYMENT_LIMIT.max; call += 1)
      expect((await from("10.78.0.1")).statusCode).toBe(404);
    const limited = await from("10.78.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many payment checks from this address\. Please try again in \d+ seconds\.$/,
    );
    expect((await from("10.78.0.2")).statusCode).toBe(404);
  });
});
