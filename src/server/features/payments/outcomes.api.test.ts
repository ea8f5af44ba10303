import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CreatedAppointment, CreatedOrder, PaymentVerification } from "@shared/booking";
import type { AffectedAppointmentsConflict } from "@shared/schedule-admin";
import {
  appointments,
  domainEvents,
  manageLinks,
  outboxMessages,
  refunds,
  simulatorOrders,
} from "../../db/schema";
import { drainOutboxOf, sweepPaymentsOf } from "../../testing/app-jobs";
import { cashfreeEnv, startCashfreeStandIn, TEST_CASHFREE_ACCOUNT } from "../../testing/cashfree-stand-in";
import { type MessagingStandIns, startMessagingStandIns } from "../../testing/messaging-stand-ins";
import { readableMail } from "../../testing/mime";
import { useInSuite } from "../../testing/suite";
import {
  bookingFor,
  type Engine,
  signInAsAdmin,
  TEST_SITE,
  type TestApp,
  testClock,
  testEngines,
  useTestApp,
} from "../../testing/test-app";
import { RESULT_PAGE_LINK_HOURS, START_LOOK_BACK_MINUTES } from "./service";

/**
 * What the parent is told about a payment is the appointment's real state: a payment that arrives for a slot
 * someone else booked meanwhile, or for too little, is refunded and said to be; a closed checkout stays closed.
 */
const START = "2026-11-21T10:00:00Z";

interface Harness {
  t: TestApp;
  messaging: MessagingStandIns;
}

/** The suite's app, its e-mail and WhatsApp messages going to the stand-ins; `env` adds settings read at its start. */
function useHarness(
  engine: Engine,
  now: () => Date,
  env: () => Record<string, string> = () => ({}),
): Harness {
  const messaging = useInSuite(startMessagingStandIns);
  const t = useTestApp(engine, () => ({
    now,
    env: {
      ...messaging.env,
      PUBLIC_BASE_URL: TEST_SITE,
      ...env(),
    },
  }));
  return { t, messaging };
}

function helpers(h: Harness, clock: ReturnType<typeof testClock>) {
  const app = () => h.t.app;
  const db = () => h.t.database.db;
  let address = 0;
  return {
    /** Each booking from its own address, so the per-address booking limit never interferes. */
    book: async (appointmentDate: string, appointmentTime: string, patientName = "Meera Pillai") => {
      address += 1;
      const response = await app().inject({
        method: "POST",
        url: "/api/appointments",
        remoteAddress: `10.44.0.${address}`,
        payload: bookingFor(patientName, { appointmentDate, appointmentTime }),
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ appointment: CreatedAppointment }>().appointment;
    },
    order: async (appointmentId: string) => {
      const response = await app().inject({
        method: "POST",
        url: "/api/create-order",
        payload: { appointmentId },
      });
      expect(response.statusCode).toBe(200);
      return response.json<CreatedOrder>();
    },
    verify: async (orderId: string) => {
      const response = await app().inject({ method: "GET", url: `/api/verify-payment/${orderId}` });
      expect(response.statusCode).toBe(200);
      return response.json<PaymentVerification>();
    },
    row: async (id: string) => (await db().select().from(appointments).where(eq(appointments.id, id)))[0],
    events: async (id: string) =>
      (await db().select().from(domainEvents).where(eq(domainEvents.appointmentId, id))).map(
        (event) => event.type,
      ),
    outbox: async (id: string) =>
      (await db().select().from(outboxMessages).where(eq(outboxMessages.appointmentId, id)))
        .map((row) => `${row.kind} ${row.channel} ${row.recipient}`)
        .sort(),
    drain: () => drainOutboxOf(h.t, clock.now),
    mailsTo: (address: string) =>
      h.messaging.smtp.messages
        .filter((mail) => mail.to.includes(address))
        .map((mail) => readableMail(mail.raw)),
    whatsappTemplates: () =>
      h.messaging.whatsapp.requests.map((request) => {
        const body = request.body as {
          template: { name: string; components: { parameters: { text: string }[] }[] };
        };
        return {
          name: body.template.name,
          parameters: body.template.components.flatMap((component) =>
            component.parameters.map((parameter) => parameter.text),
          ),
        };
      }),
  };
}

describe.each(testEngines)("payment outcomes on the simulator, on %s", (engine) => {
  const clock = testClock(START);
  const h = useHarness(engine, clock.now);
  const { book, order, verify, row, events, outbox, drain, mailsTo, whatsappTemplates } = helpers(h, clock);
  const checkout = (orderId: string, outcome: "pay" | "decline" | "cancel") =>
    h.t.app.inject({
      method: "POST",
      url: `/payment/simulator/${orderId}`,
      payload: `outcome=${outcome}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  beforeEach(() => {
    clock.set(START);
  });

  it("answers a late payment whose slot was taken as refunded, not as a booking, and tells the patient so", async () => {
    const late = await book("2026-11-25", "20:20", "Meera Pillai");
    const { orderId } = await order(late.id);
    clock.advanceMinutes(16);
    await book("2026-11-25", "20:20", "Other Parent");
    await checkout(orderId, "pay");

    const answer = await verify(orderId);
    expect(answer).toEqual({
      status: "PAID",
      outcome: "refunded",
      orderId,
      amount: 2000,
      bookingId: late.id.slice(0, 8),
      appointmentDate: "2026-11-25",
      appointmentTime: "20:20",
      refund: { reason: "slot_taken", amount: 2000, price: 2000 },
    });
    expect(await row(late.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await events(late.id)).toEqual([
      "appointment_refund_requested",
      "refund_requested",
      "refund_succeeded",
    ]);
    // Queued with the refund itself: the patient's e-mail and WhatsApp message, and no booking messages.
    expect(await outbox(late.id)).toEqual(["refund email patient", "refund whatsapp patient"]);

    await drain();
    const [mail, ...more] = mailsTo("meera.parent@example.org");
    expect(more).toHaveLength(0);
    expect(mail).toContain("Your payment is being refunded");
    expect(mail).toContain("another patient had booked that time");
    expect(mail).toContain("We are refunding the full ₹2,000");
    expect(mail).toContain(`#${late.id.slice(0, 8)}`);
    expect(whatsappTemplates()).toEqual([
      {
        name: "booking_refund",
        parameters: [
          "Meera Pillai",
          "Wednesday, 25 November 2026, 8:20 PM IST",
          `#${late.id.slice(0, 8)}`,
          "the time was booked by another patient before your payment reached us",
          "₹2,000",
        ],
      },
    ]);

    // Asking again (the page reloaded) tells the same and queues nothing more.
    expect((await verify(orderId)).outcome).toBe("refunded");
    expect(await outbox(late.id)).toHaveLength(2);
  });

  it("answers a confirmed booking as confirmed, and an unpaid one as pending, then expired", async () => {
    const paid = await book("2026-11-26", "19:00");
    const paidOrder = await order(paid.id);
    await checkout(paidOrder.orderId, "pay");
    const confirmed = await verify(paidOrder.orderId);
    expect(confirmed).toMatchObject({ status: "PAID", outcome: "confirmed" });
    expect(confirmed.refund).toBeUndefined();

    const unpaid = await book("2026-11-26", "19:20");
    const unpaidOrder = await order(unpaid.id);
    expect(await verify(unpaidOrder.orderId)).toMatchObject({ status: "ACTIVE", outcome: "pending" });
    clock.advanceMinutes(16);
    expect(await verify(unpaidOrder.orderId)).toMatchObject({ status: "ACTIVE", outcome: "expired" });
  });

  for (const [choice, status, wording] of [
    ["cancel", "USER_DROPPED", "This payment was cancelled."],
    ["decline", "FAILED", "This payment was declined."],
  ] as const) {
    it(`keeps a checkout closed after ${choice}: the page shows it closed and refuses Pay, nothing revives`, async () => {
      const appointment = await book("2026-11-27", choice === "cancel" ? "19:00" : "19:20");
      const { orderId, checkoutUrl } = await order(appointment.id);
      expect((await checkout(orderId, choice)).statusCode).toBe(303);

      const page = await h.t.app.inject({ method: "GET", url: checkoutUrl ?? "" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Checkout closed");
      expect(page.body).toContain(wording);
      expect(page.body).toContain("This checkout is closed and can no longer be paid.");
      expect(page.body).not.toContain('value="pay"');
      expect(page.body).toContain(`href="https://clinic.test/payment/callback?order_id=${orderId}"`);

      const pay = await checkout(orderId, "pay");
      expect(pay.statusCode).toBe(409);
      expect(pay.body).toContain("can no longer be paid");

      expect(await verify(orderId)).toMatchObject({ status, outcome: "failed" });
      expect(await row(appointment.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
      expect(await events(appointment.id)).toEqual([]);
      const [simulated] = await h.t.database.db
        .select()
        .from(simulatorOrders)
        .where(eq(simulatorOrders.orderId, orderId));
      expect(simulated).toMatchObject({ status: "TERMINATED", paymentStatus: status });

      // Someone else books the freed slot; the old checkout still cannot be paid.
      await book("2026-11-27", appointment.appointmentTime, "Next Parent");
      expect((await checkout(orderId, "pay")).statusCode).toBe(409);
      expect(await row(appointment.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
      expect(await outbox(appointment.id)).toEqual([]);
    });
  }
});

describe.each(testEngines)("payments the schedule or a crash got in the way of, on %s", (engine) => {
  const clock = testClock(START);
  const h = useHarness(engine, clock.now);
  const { book, order, verify, row, outbox, drain, mailsTo, whatsappTemplates } = helpers(h, clock);
  const checkout = (orderId: string) =>
    h.t.app.inject({
      method: "POST",
      url: `/payment/simulator/${orderId}`,
      payload: "outcome=pay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  // PUBLIC_BASE_URL is set, so the doctor's requests come from its origin.
  const origin = TEST_SITE;
  let cookie = "";
  const admin = (method: "POST" | "PUT", url: string, payload: object) =>
    h.t.app.inject({ method, url, payload, headers: { cookie, origin } });
  const runSweep = () => sweepPaymentsOf(h.t, clock.now());
  const simulated = async (orderId: string) =>
    (await h.t.database.db.select().from(simulatorOrders).where(eq(simulatorOrders.orderId, orderId)))[0];

  beforeAll(async () => {
    cookie = await signInAsAdmin(h.t.app, { origin });
  });
  beforeEach(() => {
    clock.set(START);
    h.messaging.clear();
  });

  it("refunds in full a payment for a time the doctor took leave on while the parent paid, and says why", async () => {
    const held = await book("2026-11-28", "19:00", "Meera Pillai");
    const { orderId } = await order(held.id);

    const leave = { kind: "leave", startsOn: "2026-11-28", endsOn: "2026-11-28", note: "Conference" };
    const warned = await admin("POST", "/api/admin/schedule/exceptions", leave);
    expect(warned.statusCode).toBe(409);
    const conflict = warned.json<AffectedAppointmentsConflict>();
    expect(conflict.message).toContain("1 booking awaiting payment");
    expect(conflict.affected).toEqual([expect.objectContaining({ id: held.id, awaitingPayment: true })]);
    const saved = await admin("POST", "/api/admin/schedule/exceptions", {
      ...leave,
      acknowledgedAppointmentIds: [held.id],
    });
    expect(saved.statusCode, saved.body).toBe(201);

    await checkout(orderId);
    expect(await verify(orderId)).toMatchObject({
      status: "PAID",
      outcome: "refunded",
      refund: { reason: "doctor_unavailable", amount: 2000, price: 2000 },
    });
    expect(await row(held.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await outbox(held.id)).toEqual(["refund email patient", "refund whatsapp patient"]);
    await drain();
    const [mail] = mailsTo("meera.parent@example.org");
    expect(mail).toContain("The doctor is not available at that time any more");
    expect(mail).toContain("We are refunding the full ₹2,000");
    expect(whatsappTemplates()).toEqual([
      expect.objectContaining({
        name: "booking_refund",
        parameters: expect.arrayContaining(["the doctor is not available at that time"]) as unknown,
      }),
    ]);
  });

  it("never confirms a payment after a leave is saved, however the two race", async () => {
    const times = ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"];
    const held = [];
    for (const time of times) held.push(await book("2026-11-29", time, "Race Parent"));
    const orders = [];
    for (const appointment of held) orders.push((await order(appointment.id)).orderId);
    for (const orderId of orders) await checkout(orderId);

    const [leave] = await Promise.all([
      admin("POST", "/api/admin/schedule/exceptions", {
        kind: "leave",
        startsOn: "2026-11-29",
        endsOn: "2026-11-29",
        note: "Unwell",
        acknowledgedAppointmentIds: held.map((appointment) => appointment.id),
      }),
      ...orders.map((orderId) => verify(orderId)),
    ]);
    expect(leave.statusCode, leave.body).toBe(201);
    // Confirmed before the leave was saved, a booking is the doctor's to act on; after it, refunded in full.
    const needsAction = new Set(
      leave.json<{ needsAction: { id: string }[] }>().needsAction.map((item) => item.id),
    );
    for (const appointment of held) {
      const after = await row(appointment.id);
      if (after?.status === "confirmed") expect(needsAction.has(appointment.id)).toBe(true);
      else
        expect(after).toMatchObject({
          status: "cancelled",
          paymentStatus: "refunded",
          paymentRefundReason: "doctor_unavailable",
        });
    }
    // A payment arriving after the leave is refunded, never confirmed.
    const late = await book("2026-11-30", "19:00", "After Leave");
    const lateOrder = (await order(late.id)).orderId;
    await admin("POST", "/api/admin/schedule/exceptions", {
      kind: "block",
      date: "2026-11-30",
      time: "19:00",
      note: "Hospital round",
      acknowledgedAppointmentIds: [late.id],
    });
    await checkout(lateOrder);
    expect((await verify(lateOrder)).outcome).toBe("refunded");
  });

  it("pays a refund once when the process stopped after the gateway paid it, and asks before sending it again", async () => {
    const appointment = await book("2026-12-01", "19:00", "Kiran Rao");
    const { orderId } = await order(appointment.id);
    await checkout(orderId);
    expect((await verify(orderId)).outcome).toBe("confirmed");

    // The gateway pays the refund, then the answer is lost: the site never marks the refund as requested.
    const gateway = h.t.gateway;
    const realRefund = gateway.refund.bind(gateway);
    gateway.refund = async (input) => {
      await realRefund(input);
      throw new Error("socket hang up");
    };
    try {
      const cancelled = await admin("POST", `/api/admin/appointments/${appointment.id}/cancel`, {
        reason: "The doctor is unwell",
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    } finally {
      gateway.refund = realRefund;
    }
    expect((await simulated(orderId))?.refundedAmount).toBe(2000);
    const [pending] = await h.t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(pending).toMatchObject({ state: "pending", requested: false });

    clock.advanceMinutes(2);
    await runSweep();
    clock.advanceMinutes(2);
    await runSweep();
    expect((await simulated(orderId))?.refundedAmount).toBe(2000);
    expect(await row(appointment.id)).toMatchObject({ paymentStatus: "refunded", refundAmount: 2000 });

    // The simulator keys refunds by id, as Cashfree does: the same id again is the same refund.
    const again = await gateway.refund({
      orderId,
      refundId: pending?.refundId ?? "",
      amount: 2000,
      note: "again",
    });
    expect(again).toMatchObject({ status: "SUCCESS", amount: 2000 });
    expect((await simulated(orderId))?.refundedAmount).toBe(2000);
  });

  it("confirms a payment the gateway took but the site never heard of, when the sweeper finds its hold lapsing", async () => {
    const live = await book("2026-12-02", "19:00", "Asha Nair");
    const lapsed = await book("2026-12-02", "19:20", "Ravi Nair");
    const unpaid = await book("2026-12-02", "19:40", "Gita Nair");
    const liveOrder = (await order(live.id)).orderId;
    const lapsedOrder = (await order(lapsed.id)).orderId;
    await order(unpaid.id);
    // Paid on the gateway; the browser never came back to the site.
    await checkout(liveOrder);
    await checkout(lapsedOrder);

    clock.advanceMinutes(5);
    await runSweep();
    expect(await row(live.id)).toMatchObject({ status: "pending_payment" });

    clock.advanceMinutes(10); // the first hold lapses within the next sweep
    await runSweep();
    expect(await row(live.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await outbox(live.id)).toContain("confirmation email patient");
    expect(await row(lapsed.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    clock.advanceMinutes(2);
    await runSweep();
    expect(await row(unpaid.id)).toMatchObject({ status: "expired" });
  });

  it("applies a payment made after its hold was released, and one made before a long outage, once a sweep asks", async () => {
    const released = await book("2026-12-04", "19:00", "Late Nair");
    const outage = await book("2026-12-04", "19:20", "Outage Nair");
    const releasedOrder = (await order(released.id)).orderId;
    const outageOrder = (await order(outage.id)).orderId;
    clock.advanceMinutes(16);
    await runSweep();
    expect(await row(released.id)).toMatchObject({ status: "expired" });
    expect(await row(outage.id)).toMatchObject({ status: "expired" });
    // The checkout is paid after the hold was released; the browser never comes back to the site.
    await checkout(releasedOrder);
    clock.advanceMinutes(1);
    await runSweep();
    expect(await row(released.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });

    // Paid just before the site went down for hours: found only by the first sweep after the start.
    await checkout(outageOrder);
    await h.t.database.db
      .update(appointments)
      .set({ holdExpiresAt: new Date(clock.now().getTime() - 3 * 3_600_000) })
      .where(eq(appointments.id, outage.id));
    await runSweep();
    expect(await row(outage.id)).toMatchObject({ status: "expired", paymentStatus: "pending" });
    await sweepPaymentsOf(h.t, clock.now(), { lookBackMinutes: START_LOOK_BACK_MINUTES });
    expect(await row(outage.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
  });

  it("hands out at most ten manage links on the result page, however many reloads arrive at once", async () => {
    const appointment = await book("2026-12-03", "19:00", "Nila Das");
    const { orderId } = await order(appointment.id);
    await checkout(orderId);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        h.t.app.inject({
          method: "GET",
          url: `/api/verify-payment/${orderId}`,
          remoteAddress: `10.88.${Math.floor(index / 200)}.${(index % 200) + 1}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const withLink = answers.filter((answer) => answer.json<PaymentVerification>().manageUrl).length;
    expect(withLink).toBe(10);
    const issued = await h.t.database.db
      .select()
      .from(manageLinks)
      .where(eq(manageLinks.appointmentId, appointment.id));
    expect(issued.filter((link) => link.issuedFor === "result_page")).toHaveLength(10);
  });

  it("hands out manage links on the result page for two hours after the payment, not from an old order id", async () => {
    const appointment = await book("2026-12-05", "19:00", "Ravi Menon");
    const { orderId } = await order(appointment.id);
    await checkout(orderId);
    const verify = async () =>
      (
        await h.t.app.inject({
          method: "GET",
          url: `/api/verify-payment/${orderId}`,
          remoteAddress: "10.89.0.1",
        })
      ).json<PaymentVerification>();
    expect((await verify()).manageUrl).toMatch(/\/appointments\/manage\//);
    clock.advanceMinutes(RESULT_PAGE_LINK_HOURS * 60 - 1);
    expect((await verify()).manageUrl).toMatch(/\/appointments\/manage\//);
    clock.advanceMinutes(2);
    const late = await verify();
    expect(late).toMatchObject({ outcome: "confirmed", orderId });
    expect(late.manageUrl).toBeUndefined();
    clock.set(START);
  });
});

describe.each(testEngines)("payment outcomes on Cashfree, on %s", (engine) => {
  const clock = testClock(START);
  const cashfree = useInSuite(() => startCashfreeStandIn({ ...TEST_CASHFREE_ACCOUNT, now: clock.now }));
  const h = useHarness(engine, clock.now, () => cashfreeEnv(cashfree));
  const { book, order, verify, row, outbox, drain, mailsTo } = helpers(h, clock);
  const deliver = (webhook: { rawBody: string; headers: Record<string, string> }) =>
    h.t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: webhook.rawBody,
      headers: webhook.headers,
    });
  const terminations = (orderId: string) =>
    cashfree.requests.filter(
      (request) => request.method === "PATCH" && request.path === `/pg/orders/${orderId}`,
    );

  beforeEach(() => {
    clock.set(START);
  });

  it("terminates the Cashfree order when the patient drops the payment, so its checkout takes no payment", async () => {
    const appointment = await book("2026-11-22", "19:00");
    const { orderId } = await order(appointment.id);
    cashfree.pay(orderId, { status: "USER_DROPPED" });

    expect(await verify(orderId)).toMatchObject({ status: "USER_DROPPED", outcome: "failed" });
    expect(await row(appointment.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    const [patch, ...more] = terminations(orderId);
    expect(more).toHaveLength(0);
    expect(patch?.body).toEqual({ order_status: "TERMINATED" });
    expect(patch?.status).toBe(200);
    expect((await h.t.gateway.fetchOrder(orderId)).orderStatus).toBe("TERMINATED");
    expect(() => cashfree.pay(orderId)).toThrow(/TERMINATED/);
  });

  it("terminates on a dropped-payment webhook too, and refunds a payment still in flight that then succeeds for a taken slot", async () => {
    const appointment = await book("2026-11-22", "19:20", "Kavya Menon");
    const { orderId } = await order(appointment.id);
    const inFlight = cashfree.pay(orderId, { status: "PENDING" });
    cashfree.pay(orderId, { status: "USER_DROPPED" });
    const dropped = await deliver(cashfree.webhookFor(orderId, "PAYMENT_USER_DROPPED_WEBHOOK"));
    expect(dropped.json()).toEqual({ received: true, result: "handled" });
    expect(await row(appointment.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(terminations(orderId).map((request) => request.status)).toEqual([200]);
    expect((await h.t.gateway.fetchOrder(orderId)).orderStatus).toBe("TERMINATION_REQUESTED");

    // The freed slot is booked by another parent; then the attempt in flight succeeds after all.
    await book("2026-11-22", "19:20", "Rival Parent");
    cashfree.complete(orderId, inFlight.paymentId, { status: "SUCCESS" });
    const success = await deliver(cashfree.webhookFor(orderId, "PAYMENT_SUCCESS_WEBHOOK"));
    expect(success.json()).toEqual({ received: true, result: "handled" });

    expect(await row(appointment.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refund_pending",
      refundAmount: 2000,
    });
    expect(
      cashfree.requests.find((request) => request.path === `/pg/orders/${orderId}/refunds`)?.body,
    ).toMatchObject({ refund_amount: 2000 });
    expect(await outbox(appointment.id)).toEqual(["refund email patient", "refund whatsapp patient"]);
    expect(await verify(orderId)).toMatchObject({
      status: "PAID",
      outcome: "refund_pending",
      refund: { reason: "slot_taken", amount: 2000, price: 2000 },
    });
  });

  it("confirms a payment that was in flight at the drop when its slot is still free", async () => {
    const appointment = await book("2026-11-22", "19:40");
    const { orderId } = await order(appointment.id);
    const inFlight = cashfree.pay(orderId, { status: "PENDING" });
    cashfree.pay(orderId, { status: "USER_DROPPED" });
    await verify(orderId);
    expect(await row(appointment.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });

    cashfree.complete(orderId, inFlight.paymentId, { status: "SUCCESS" });
    expect(await verify(orderId)).toMatchObject({ status: "PAID", outcome: "confirmed" });
    expect(await row(appointment.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
  });

  it("answers an underpayment as refunded, with both amounts, and tells the patient why", async () => {
    const appointment = await book("2026-11-22", "20:00", "Anil Joshi");
    const { orderId } = await order(appointment.id);
    cashfree.pay(orderId, { amount: 1000 });

    expect(await verify(orderId)).toMatchObject({
      status: "PAID",
      amount: 1000,
      outcome: "refund_pending",
      refund: { reason: "underpaid", amount: 1000, price: 2000 },
    });
    expect(await row(appointment.id)).toMatchObject({ status: "cancelled", refundAmount: 1000 });
    await drain();
    const [mail] = mailsTo("anil.parent@example.org");
    expect(mail).toContain("Your payment is being refunded");
    expect(mail).toContain("We received a payment of ₹1,000");
    expect(mail).toContain("The consultation fee is ₹2,000, so the payment did not cover it");
    const templates = h.messaging.whatsapp.requests.map(
      (request) => (request.body as { template: { name: string } }).template.name,
    );
    expect(templates).toContain("booking_refund");
  });
});
