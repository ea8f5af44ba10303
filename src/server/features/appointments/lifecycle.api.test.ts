import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminAppointmentDetails } from "@shared/admin";
import type { CreatedAppointment, CreatedOrder, PaymentVerification } from "@shared/booking";
import type { ManageView } from "@shared/manage";
import { appointments, outboxMessages } from "../../db/schema";
import { cashfreeEnv, startCashfreeStandIn, TEST_CASHFREE_ACCOUNT } from "../../testing/cashfree-stand-in";
import { mimeParts } from "../../testing/mime";
import { drainOutboxOf, sweepPaymentsOf } from "../../testing/app-jobs";
import { mailEnv, startSmtpStandIn } from "../../testing/smtp-stand-in";
import { useInSuite } from "../../testing/suite";
import { addressesUnder, bookingFor, doctorRequest, testEngines, useSiteApp } from "../../testing/test-app";

/**
 * The appointment after payment, through the API as the parent's manage link and the doctor's dashboard use it:
 * the published policy to the minute, refunds through the gateway until final, moves under the unique slot index,
 * and the calendar and messages that follow each change.
 */
// 21 Nov 2026, 3:30 PM IST. The consultations below are on 23 Nov at 7:00 PM IST (13:30Z) unless said otherwise.
const START = "2026-11-21T10:00:00Z";
const hoursBefore = (hours: number, start = "2026-11-23T13:30:00Z") =>
  new Date(new Date(start).getTime() - hours * 3_600_000).toISOString();

/** The properties of an .ics, folded lines joined. */
function icsProperties(ics: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of ics.replace(/\r\n[ \t]/g, "").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) map.set(line.slice(0, colon).split(";")[0] ?? "", line.slice(colon + 1));
  }
  return map;
}

describe.each(testEngines)("the appointment's life after payment, on %s", (engine) => {
  // The stand-in keeps the app's clock (made below), read when the suite starts it.
  const cashfree = useInSuite(() => startCashfreeStandIn({ ...TEST_CASHFREE_ACCOUNT, now: clock.now }));
  const smtp = useInSuite(startSmtpStandIn);
  const { clock, t, signIn, doctorHeaders } = useSiteApp(engine, START, () => ({
    env: {
      ...cashfreeEnv(cashfree),
      ...mailEnv(smtp),
      DOCTOR_EMAIL: "doctor@clinic.test",
      BOOKING_HORIZON_DAYS: "60",
    },
  }));
  let cookie: string;
  const bookingAddress = addressesUnder("10.55");
  const actionAddress = addressesUnder("10.56");
  const holdAddress = addressesUnder("10.57");

  beforeAll(async () => {
    cookie = await signIn();
  });
  beforeEach(() => clock.set(START));

  /** Books, pays through the Cashfree stand-in and confirms; answers the appointment and its manage token. */
  async function bookAndPay(date: string, time: string, patientName = "Meera Pillai") {
    const remoteAddress = bookingAddress();
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      remoteAddress,
      payload: bookingFor(patientName, { appointmentDate: date, appointmentTime: time }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json<{ appointment: CreatedAppointment }>().appointment;
    const order = (
      await t.app.inject({
        method: "POST",
        url: "/api/create-order",
        remoteAddress,
        payload: { appointmentId: appointment.id },
      })
    ).json<CreatedOrder>();
    cashfree.pay(order.orderId);
    const verified = (
      await t.app.inject({ method: "GET", url: `/api/verify-payment/${order.orderId}`, remoteAddress })
    ).json<PaymentVerification>();
    expect(verified.outcome, JSON.stringify(verified)).toBe("confirmed");
    const token = new URL(verified.manageUrl ?? "").pathname.split("/").at(-1) ?? "";
    expect(verified.manageUrl).toMatch(/^https:\/\/clinic\.test\/appointments\/manage\/[A-Za-z0-9_-]{43}$/);
    return { id: appointment.id, orderId: order.orderId, token };
  }

  const manage = async (token: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/manage/${token}` });
    return { status: response.statusCode, body: response.json<ManageView & { message?: string }>() };
  };
  const act = async (token: string, action: "cancel" | "reschedule", payload: object = {}) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/${action}`,
      payload,
      remoteAddress: actionAddress(),
    });
    return { status: response.statusCode, body: response.json<ManageView & { message?: string }>() };
  };
  const admin = async (method: "GET" | "POST", url: string, payload?: object) => {
    const response = await doctorRequest(t.app, doctorHeaders(cookie), method, url, payload);
    return {
      status: response.statusCode,
      body: response.json<AdminAppointmentDetails & { message?: string }>(),
    };
  };
  const refundRequests = (orderId: string) =>
    cashfree.requests.filter(
      (request) => request.method === "POST" && request.path === `/pg/orders/${orderId}/refunds`,
    );
  const row = async (id: string) =>
    (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const outbox = async (id: string) =>
    (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.appointmentId, id))).map(
      (message) => `${message.kind} ${message.channel} ${message.recipient} ${message.status}`,
    );
  const deliverWebhook = (webhook: { rawBody: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: webhook.rawBody,
      headers: webhook.headers,
    });

  it("cancels more than 24 hours before for everything paid, and follows the refund until the bank has it", async () => {
    const { id, orderId, token } = await bookAndPay("2026-11-23", "19:00");
    clock.set(hoursBefore(25));
    const before = await manage(token);
    expect(before.body.policy.cancel).toMatchObject({
      allowed: true,
      refundPercent: 100,
      refundAmount: 2000,
    });

    const cancelled = await act(token, "cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.appointment).toMatchObject({
      status: "cancelled",
      paymentStatus: "refund_pending",
    });
    expect(cancelled.body.refunds).toEqual([
      expect.objectContaining({ amount: 2000, state: "pending", initiatedBy: "patient" }),
    ]);
    const [request] = refundRequests(orderId);
    expect(request?.body).toMatchObject({ refund_amount: 2000, refund_id: `rf_${id.replaceAll("-", "")}_1` });
    // The slot is free again, and a second cancel refunds nothing more.
    expect((await act(token, "cancel")).status).toBe(409);
    expect(refundRequests(orderId)).toHaveLength(1);

    cashfree.settleRefund(orderId, `rf_${id.replaceAll("-", "")}_1`, "SUCCESS");
    const webhook = cashfree.webhookFor(orderId, "REFUND_STATUS_WEBHOOK", { at: clock.now() });
    expect((await deliverWebhook(webhook)).statusCode).toBe(200);
    const after = await manage(token);
    expect(after.body.refunds[0]).toMatchObject({ state: "succeeded" });
    expect(after.body.appointment.paymentStatus).toBe("refunded");
    // A redelivered webhook changes nothing.
    expect((await deliverWebhook(webhook)).statusCode).toBe(200);
    expect((await manage(token)).body.refunds).toHaveLength(1);
  });

  it("cancels 13 hours before for half, and 11 hours before for nothing", async () => {
    const half = await bookAndPay("2026-11-23", "19:20");
    clock.set(hoursBefore(13, "2026-11-23T13:50:00Z"));
    expect((await manage(half.token)).body.policy.cancel).toMatchObject({
      refundPercent: 50,
      refundAmount: 1000,
    });
    const cancelled = await act(half.token, "cancel");
    expect(cancelled.body.refunds).toEqual([expect.objectContaining({ amount: 1000, state: "pending" })]);
    cashfree.settleRefund(half.orderId, `rf_${half.id.replaceAll("-", "")}_1`, "SUCCESS");
    // Without a webhook the sweeper asks the gateway a minute later.
    clock.advanceMinutes(2);
    await sweepPaymentsOf(t, clock.now());
    expect((await manage(half.token)).body.appointment.paymentStatus).toBe("partially_refunded");

    clock.set(START);
    const late = await bookAndPay("2026-11-23", "19:40");
    clock.set(hoursBefore(11, "2026-11-23T14:10:00Z"));
    const view = (await manage(late.token)).body;
    expect(view.policy.cancel).toMatchObject({ allowed: true, refundPercent: 0, refundAmount: 0 });
    expect(view.policy.reschedule).toMatchObject({ allowed: false });
    expect(
      (await act(late.token, "reschedule", { appointmentDate: "2026-11-25", appointmentTime: "19:00" }))
        .status,
    ).toBe(409);
    const cancelledLate = await act(late.token, "cancel");
    expect(cancelledLate.body.appointment).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    expect(cancelledLate.body.refunds).toEqual([]);
    expect(refundRequests(late.orderId)).toHaveLength(0);
  });

  it("moves twice, refuses a third, and sends every change with the same calendar UID and a higher SEQUENCE", async () => {
    const { id, token } = await bookAndPay("2026-11-24", "19:00", "Arjun Menon");
    await drainOutboxOf(t, clock.now);
    const first = await act(token, "reschedule", { appointmentDate: "2026-11-26", appointmentTime: "19:20" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.appointment).toMatchObject({
      appointmentDate: "2026-11-26",
      appointmentTime: "19:20",
      reschedules: 1,
    });
    expect(first.body.policy.reschedule).toMatchObject({ allowed: true, remaining: 1 });
    const second = await act(token, "reschedule", {
      appointmentDate: "2026-11-27",
      appointmentTime: "20:00",
    });
    expect(second.status).toBe(200);
    const third = await act(token, "reschedule", { appointmentDate: "2026-11-28", appointmentTime: "20:00" });
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(/rescheduled twice/);
    expect(await row(id)).toMatchObject({
      appointmentDate: "2026-11-27",
      appointmentTime: "20:00",
      rescheduleCount: 2,
      calendarSequence: 2,
    });

    // The first time's reminders were withdrawn; the current time has its own.
    const messages = await outbox(id);
    expect(messages.filter((m) => m.startsWith("reminder_") && m.endsWith("pending"))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^reminder_\d+m_s2 /)]),
    );
    expect(messages.filter((m) => /^reminder_\d+m /.test(m) && m.endsWith("pending"))).toEqual([]);

    await drainOutboxOf(t, clock.now);
    const invites = smtp.messages
      .filter((mail) => mail.to.includes("arjun.parent@example.org"))
      .flatMap((mail) => mimeParts(mail.raw).filter((part) => part.contentType === "text/calendar"))
      .map((part) => icsProperties(part.body));
    const uids = new Set(invites.map((ics) => ics.get("UID")));
    expect(uids.size).toBe(1);
    // The confirmation carried the fee receipt as a PDF attachment.
    const receipts = smtp.messages
      .filter((mail) => mail.to.includes("arjun.parent@example.org"))
      .flatMap((mail) => mimeParts(mail.raw).filter((part) => part.contentType === "application/pdf"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.headers).toMatch(/filename="?receipt-[0-9a-f]{8}\.pdf/i);
    expect(receipts[0]?.body.startsWith("%PDF-")).toBe(true);
    // Every move's own invite went out (the first move's message was superseded before it was sent, or sent).
    const latest = invites.find((ics) => ics.get("SEQUENCE") === "2");
    expect(latest?.get("METHOD")).toBe("REQUEST");
    expect(latest?.get("DTSTART")).toBe("20261127T143000Z");

    // The doctor cancels: a METHOD:CANCEL with the same UID and a higher SEQUENCE, and a full refund.
    const cancelled = await admin("POST", `/api/admin/appointments/${id}/cancel`, {
      reason: "Called to an emergency",
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refunds).toEqual([
      expect.objectContaining({ amount: 2000, initiatedBy: "doctor" }),
    ]);
    await drainOutboxOf(t, clock.now);
    const cancel = smtp.messages
      .filter((mail) => mail.to.includes("arjun.parent@example.org"))
      .flatMap((mail) => mimeParts(mail.raw).filter((part) => part.contentType === "text/calendar"))
      .map((part) => icsProperties(part.body))
      .find((ics) => ics.get("METHOD") === "CANCEL");
    expect(cancel?.get("UID")).toBe([...uids][0]);
    expect(cancel?.get("SEQUENCE")).toBe("3");
    expect((await manage(token)).body.appointment.cancellationReason).toBe("Called to an emergency");
    const history = cancelled.body.history.map((entry) => `${entry.type} ${entry.actor}`);
    expect(history).toEqual(
      expect.arrayContaining([
        "appointment_rescheduled patient",
        "appointment_cancelled doctor",
        "refund_requested doctor",
      ]),
    );
    const moves = await admin("GET", "/api/admin/reschedule-requests");
    expect(JSON.stringify(moves.body)).toContain("2026-11-27");
  });

  it("refuses a move into a taken slot with 409 and changes nothing; of 30 moves into one free slot exactly one wins", async () => {
    const taker = await bookAndPay("2026-12-01", "19:00", "Taken Slot");
    const mover = await bookAndPay("2026-12-01", "19:20", "Would Move");
    const refused = await act(mover.token, "reschedule", {
      appointmentDate: "2026-12-01",
      appointmentTime: "19:00",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/slot/);
    expect(await row(mover.id)).toMatchObject({
      appointmentTime: "19:20",
      rescheduleCount: 0,
      calendarSequence: 0,
    });
    expect(taker.id).not.toBe(mover.id);

    const movers = [];
    const days = ["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"];
    for (const day of days)
      for (const time of ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"])
        movers.push(await bookAndPay(day, time, "Parallel Parent"));
    const answers = await Promise.all(
      movers.map((booked) =>
        act(booked.token, "reschedule", { appointmentDate: "2026-12-07", appointmentTime: "20:00" }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(29);
  });

  it("moves into a slot whose hold lapsed, from the parent's link and the dashboard, before any sweep", async () => {
    const { id, token } = await bookAndPay("2026-11-28", "19:00", "Parent Mover");
    const doctorMoved = await bookAndPay("2026-11-28", "19:20", "Doctor Mover");
    const hold = async (time: string) => {
      const booked = await t.app.inject({
        method: "POST",
        url: "/api/appointments",
        remoteAddress: holdAddress(),
        payload: bookingFor("Abandoned Hold", { appointmentDate: "2026-11-28", appointmentTime: time }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      return booked.json<{ appointment: CreatedAppointment }>().appointment.id;
    };
    const lapsedA = await hold("20:00");
    const lapsedB = await hold("20:20");
    clock.advanceMinutes(16);
    // The slots read as free: the holds lapsed, though no sweep has released them yet.
    const day = await t.app.inject({ method: "GET", url: "/api/availability?date=2026-11-28" });
    const free = day.json<{ slots: { time: string; status: string }[] }>().slots;
    expect(free.filter((slot) => ["20:00", "20:20"].includes(slot.time)).map((slot) => slot.status)).toEqual([
      "available",
      "available",
    ]);

    const byParent = await act(token, "reschedule", {
      appointmentDate: "2026-11-28",
      appointmentTime: "20:00",
    });
    expect(byParent.status, JSON.stringify(byParent.body)).toBe(200);
    expect(byParent.body.appointment).toMatchObject({ appointmentTime: "20:00", status: "confirmed" });
    const byDoctor = await admin("POST", `/api/admin/appointments/${doctorMoved.id}/reschedule`, {
      appointmentDate: "2026-11-28",
      appointmentTime: "20:20",
    });
    expect(byDoctor.status, JSON.stringify(byDoctor.body)).toBe(200);
    expect(await row(id)).toMatchObject({ appointmentTime: "20:00", status: "confirmed" });
    expect(await row(doctorMoved.id)).toMatchObject({ appointmentTime: "20:20", status: "confirmed" });
    expect(await row(lapsedA)).toMatchObject({ status: "expired" });
    expect(await row(lapsedB)).toMatchObject({ status: "expired" });
  });

  it("leaves the parent's two reschedules untouched by the doctor's move, and says so when the time is unchanged", async () => {
    const { id, token } = await bookAndPay("2026-12-11", "19:00", "Doctor Moved");
    const moved = await admin("POST", `/api/admin/appointments/${id}/reschedule`, {
      appointmentDate: "2026-12-12",
      appointmentTime: "19:00",
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const view = await manage(token);
    expect(view.body.appointment).toMatchObject({ appointmentDate: "2026-12-12", reschedules: 0 });
    expect(view.body.policy.reschedule).toMatchObject({ allowed: true, remaining: 2 });

    const same = await act(token, "reschedule", { appointmentDate: "2026-12-12", appointmentTime: "19:00" });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe("The consultation is already at this time. Please choose another slot.");
  });

  it("answers a move to an impossible date or time with 400 from the parent's link and the dashboard, changing nothing", async () => {
    const { id, token } = await bookAndPay("2026-12-09", "19:00", "Impossible Date");
    for (const [appointmentDate, appointmentTime] of [
      ["2026-02-30", "19:00"],
      ["2026-11-31", "19:00"],
      ["2026-13-01", "19:00"],
      ["0000-00-00", "19:00"],
      ["2026-12-10", "25:00"],
      ["2026-12-10", "19:60"],
    ]) {
      const payload = { appointmentDate, appointmentTime };
      const parent = await act(token, "reschedule", payload);
      expect(parent.status, `${appointmentDate} ${appointmentTime}`).toBe(400);
      expect(parent.body.message).toMatch(/Please select/);
      const doctor = await admin("POST", `/api/admin/appointments/${id}/reschedule`, payload);
      expect(doctor.status, `${appointmentDate} ${appointmentTime}`).toBe(400);
    }
    expect(await row(id)).toMatchObject({
      appointmentDate: "2026-12-09",
      appointmentTime: "19:00",
      rescheduleCount: 0,
    });
    const notAnId = await admin("POST", "/api/admin/appointments/not-a-uuid/reschedule", {
      appointmentDate: "2026-12-10",
      appointmentTime: "19:00",
    });
    expect(notAnId.status).toBe(404);
    expect(notAnId.body.message).toBe("Appointment not found");
  });

  it("never both moves a booking onto a date and saves leave on it unwarned, however the two race", async () => {
    for (const [round, date] of ["2026-12-12", "2026-12-13", "2026-12-14", "2026-12-15"].entries()) {
      const { id, token } = await bookAndPay(
        "2026-12-11",
        ["19:00", "19:20", "19:40", "20:00"][round] ?? "",
        "Racer",
      );
      const [moved, leave] = await Promise.all([
        act(token, "reschedule", { appointmentDate: date, appointmentTime: "19:00" }),
        admin("POST", "/api/admin/schedule/exceptions", {
          kind: "leave",
          startsOn: date,
          endsOn: date,
          note: "Race",
        }),
      ]);
      // Either the move came first and the leave warned of it, or the leave came first and the move was refused.
      expect(
        [moved.status, leave.status].sort(),
        `${moved.body.message} / ${leave.body.message}`,
      ).not.toEqual([200, 201]);
      if (moved.status !== 200) expect(await row(id)).toMatchObject({ appointmentDate: "2026-12-11" });
    }
  });

  it("retries a refund the gateway failed, from the doctor's dashboard", async () => {
    const { id, orderId, token } = await bookAndPay("2026-11-29", "19:00", "Failed Refund");
    await act(token, "cancel");
    cashfree.settleRefund(orderId, `rf_${id.replaceAll("-", "")}_1`, "FAILED");
    await deliverWebhook(cashfree.webhookFor(orderId, "REFUND_STATUS_WEBHOOK", { at: clock.now() }));
    const failed = await admin("GET", `/api/admin/appointments/${id}`);
    expect(failed.body.refunds).toEqual([expect.objectContaining({ state: "failed" })]);
    expect(failed.body.appointment.paymentStatus).toBe("refund_pending");

    const refundId = failed.body.refunds[0]?.refundId ?? "";
    const retried = await admin("POST", `/api/admin/refunds/${refundId}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.refunds).toEqual([expect.objectContaining({ state: "pending", amount: 2000 })]);
    expect(retried.body.refunds[0]?.refundId).not.toBe(refundId);
    expect(refundRequests(orderId)).toHaveLength(2);
    // Only a failed refund can be retried.
    expect(
      (await admin("POST", `/api/admin/refunds/${retried.body.refunds[0]?.refundId}/retry`)).status,
    ).toBe(409);
    // An id that is no refund's, of any shape, is not found.
    for (const unknown of ["x", "rf_unknown_9", "%20"]) {
      const answer = await admin("POST", `/api/admin/refunds/${unknown}/retry`);
      expect(answer.status, unknown).toBe(404);
      expect(answer.body.message).toBe("Refund not found");
    }
  });

  it("lets the doctor mark the outcome only once the consultation has started, and flags one nobody marked", async () => {
    const { id } = await bookAndPay("2026-11-22", "19:00", "Outcome Child");
    expect((await admin("POST", `/api/admin/appointments/${id}/no-show`)).status).toBe(409);
    clock.set("2026-11-22T16:40:00Z");
    cookie = await signIn();
    const details = await admin("GET", `/api/admin/appointments/${id}`);
    expect(details.body.appointment.awaitingOutcome).toBe(true);
    expect(details.body.actions).toMatchObject({ complete: true, noShow: true, reschedule: false });
    const marked = await admin("POST", `/api/admin/appointments/${id}/no-show`);
    expect(marked.body.appointment).toMatchObject({ status: "no_show", awaitingOutcome: false });
    expect((await admin("POST", `/api/admin/appointments/${id}/complete`)).status).toBe(409);
  });

  it("opens nothing for an unknown or altered token, and gives the receipt only through a valid one", async () => {
    const { token } = await bookAndPay("2026-11-30", "19:00", "Receipt Child");
    // The altered token differs from the real one in its last character, whatever that character is.
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of ["x", altered, "%00", `${token}/../x`]) {
      const response = await t.app.inject({ method: "GET", url: `/api/manage/${bad}` });
      expect([400, 404], `${bad}: ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    const receipt = await t.app.inject({ method: "GET", url: `/api/manage/${token}/receipt` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    expect(receipt.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
  });
});
