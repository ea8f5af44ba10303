import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { CreatedAppointment } from "@shared/booking";
import { slotStart } from "@shared/clinic-time";
import type { FollowUpOffer } from "@shared/follow-up";
import type { ManageView } from "@shared/manage";
import type { PrescriptionView } from "@shared/prescription";
import { issueManageLink } from "../../core/appointments/manage-links";
import { appointments, outboxMessages } from "../../db/schema";
import { drainOutboxOf } from "../../testing/app-jobs";
import {
  bookAppointment,
  bookingFor,
  bookPaidAppointment,
  doctorRequest,
  payOnSimulator,
  TEST_SITE,
  testEngines,
  useSiteApp,
} from "../../testing/test-app";
import { textOfPdf } from "../../testing/pdf-text";

/**
 * Follow-up consultations through the API, as the parent's manage page, the prescription's link and the booking
 * dialog use them: the doctor's rule, the price the server decides, one follow-up per consultation, a free one
 * confirmed without a payment, and every way a link or a booking can be refused.
 */
// 21 Nov 2026, 3:30 PM IST.
const START = "2026-11-21T10:00:00Z";
const FOLLOW_UP_RULE = { fee: 500, withinDays: 7 };

const keyOf = (url: string) => new URL(url).searchParams.get("followUp") ?? "";

describe.each(testEngines)("follow-up consultations (%s)", (engine) => {
  const { clock, t, signIn, doctorHeaders } = useSiteApp(engine, START, {
    env: { CONSULTATION_FEE: "2000" },
  });
  let cookie = "";

  const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    doctorRequest(t.app, doctorHeaders(cookie), method, url, payload);
  const setFees = async (followUp: { fee: number; withinDays: number } | null) => {
    const response = await admin("PUT", "/api/admin/fees", { consultationFee: 2000, followUp });
    expect(response.statusCode, response.body).toBe(200);
  };
  const manage = async (token: string) =>
    (await t.app.inject({ method: "GET", url: `/api/manage/${token}` })).json<ManageView>();
  const offer = (key: string) => t.app.inject({ method: "GET", url: `/api/follow-ups/${key}` });
  const book = (changes: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/appointments", payload: bookingFor("Meera Pillai", changes) });

  /** A manage link for a booking, as its confirmation message would carry. */
  async function manageTokenOf(id: string): Promise<string> {
    const url = await issueManageLink(
      t.database.db,
      id,
      "email",
      { siteUrl: TEST_SITE, language: "en" },
      clock.now(),
    );
    return url.split("/").at(-1) ?? "";
  }

  /** Moves the clock and signs in again (a session lapses after two idle hours). */
  async function moveClockTo(iso: string) {
    clock.set(iso);
    cookie = await signIn();
  }

  /** A consultation on 23 Nov at `time` (IST), paid, held and marked completed by the doctor: answers its ids. */
  async function completedConsultation(patientName: string, time: string, address: string, language = "en") {
    const date = "2026-11-23";
    const paid = await bookPaidAppointment(
      t.app,
      bookingFor(patientName, { appointmentDate: date, appointmentTime: time, language }),
      address,
    );
    await moveClockTo(new Date(slotStart(date, time, "Asia/Kolkata").getTime() + 25 * 60_000).toISOString());
    const completed = await admin("POST", `/api/admin/appointments/${paid.id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    return paid;
  }

  beforeEach(async () => {
    clock.set(START);
    cookie = await signIn();
    await setFees(FOLLOW_UP_RULE);
  });

  it("prints the link on the prescription, offers it on the manage page once completed, and prices the follow-up", async () => {
    const consultation = await bookPaidAppointment(
      t.app,
      bookingFor("Meera Pillai", { appointmentDate: "2026-11-23", appointmentTime: "19:00" }),
      "10.81.0.1",
    );
    // Not completed yet: no offer on the manage page.
    expect((await manage(consultation.token)).followUp).toBeNull();

    await moveClockTo("2026-11-23T13:45:00Z");
    const issued = (
      await admin("POST", `/api/admin/appointments/${consultation.id}/prescriptions`, {
        patientSex: "female",
        weightKg: 17.5,
        diagnosis: "Small muscular ventricular septal defect",
        medicines: [],
        investigations: "",
        advice: "Smaller feeds, more often.",
        followUpDate: null,
      })
    ).json<PrescriptionView>();
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/manage/${consultation.token}/prescriptions/${issued.id}/pdf`,
    });
    const text = await textOfPdf(pdf.rawPayload);
    expect(text).toContain("Book a follow-up (₹500, within 7 days of this consultation):");
    const printed = /https:\/\/clinic\.test\/\?followUp=[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? "";
    expect(printed).not.toBe("");
    const key = keyOf(printed);

    // Written before the consultation is marked completed: the link says so, and books nothing.
    const early = await offer(key);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      "A follow-up can be booked once the doctor has marked this consultation completed.",
    );
    expect((await book({ appointmentDate: "2026-11-25", followUpKey: key })).statusCode).toBe(409);

    expect((await admin("POST", `/api/admin/appointments/${consultation.id}/complete`)).statusCode).toBe(200);
    const view = await manage(consultation.token);
    expect(view.followUp).toEqual({ fee: 500, lastDate: "2026-11-30", url: printed });
    const offered = await offer(key);
    expect(offered.statusCode).toBe(200);
    expect(offered.headers["cache-control"]).toBe("no-store");
    expect(offered.json<FollowUpOffer>()).toEqual({
      patientName: "Meera Pillai",
      patientAge: 5,
      patientAgeMonths: null,
      guardianName: "Lakshmi Iyer",
      guardianRelationship: "Mother",
      fee: 500,
      lastDate: "2026-11-30",
    });

    // After the period, for another child, or with a coupon: the server decides.
    const late = await book({ appointmentDate: "2026-12-01", followUpKey: key });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(
      "A follow-up must be on or before Monday, 30 November 2026. Please choose an earlier day, or book a new consultation.",
    );
    const someoneElse = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      payload: bookingFor("Kavya Rao", { appointmentDate: "2026-11-25", followUpKey: key }),
    });
    expect(someoneElse.statusCode).toBe(409);
    expect(someoneElse.json<{ message: string }>().message).toBe(
      "This follow-up is for Meera Pillai. To book for someone else, please book a new consultation.",
    );

    const followUp = await book({
      appointmentDate: "2026-11-25",
      patientName: "  meera   PILLAI ",
      couponCode: "NOSUCHCODE",
      discountedAmount: 1,
      followUpKey: key,
    });
    expect(followUp.statusCode, followUp.body).toBe(201);
    const created = followUp.json<{ appointment: CreatedAppointment }>().appointment;
    expect(created).toMatchObject({
      amount: 500,
      originalFee: 500,
      couponApplied: false,
      status: "pending_payment",
      consultationType: "follow_up",
    });

    // The follow-up is taken while it holds its time: the link and the page say so.
    expect((await manage(consultation.token)).followUp).toBeNull();
    expect((await offer(key)).json<{ message: string }>().message).toBe(
      "A follow-up has already been booked for this consultation.",
    );

    await payOnSimulator(t.app, created.id, "10.81.0.2");
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, created.id));
    expect(row).toMatchObject({
      status: "confirmed",
      paidAmount: 500,
      consultationType: "follow_up",
      followUpOf: consultation.id,
    });
    const details = await admin("GET", `/api/admin/appointments/${created.id}`);
    expect(details.json<{ appointment: { consultationType: string } }>().appointment.consultationType).toBe(
      "follow_up",
    );
    const receipt = await admin("GET", `/api/admin/appointments/${created.id}/receipt`);
    expect(receipt.statusCode, receipt.body.slice(0, 200)).toBe(200);
    const receiptText = await textOfPdf(receipt.rawPayload);
    expect(receiptText).toContain("Online follow-up video consultation");
    expect(receiptText).toContain("₹500");
  });

  it("books one follow-up when several are asked for at once from one link", async () => {
    const consultation = await completedConsultation("Arjun Nair", "19:20", "10.81.1.1");
    const key = keyOf((await manage(consultation.token)).followUp?.url ?? "");
    const times = ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"];
    const answers = await Promise.all(
      times.map((time, index) =>
        t.app.inject({
          method: "POST",
          url: "/api/appointments",
          payload: bookingFor("Arjun Nair", {
            appointmentDate: "2026-11-26",
            appointmentTime: time,
            followUpKey: key,
          }),
          remoteAddress: `10.81.1.${10 + index}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join("\n")).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json<{ message: string }>().message).toBe(
        "A follow-up has already been booked for this consultation.",
      );
    const held = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.followUpOf, consultation.id));
    expect(held).toHaveLength(1);

    // A hold left unpaid lapses, and the follow-up can be booked again.
    clock.advanceMinutes(16);
    expect((await offer(key)).statusCode).toBe(200);

    // The lapsed hold is replaced by one booking while others from the same link arrive: one wins, none fails.
    const lapsed = held[0]?.id ?? "";
    const race = await Promise.all(
      ["19:00", "19:20", "19:40", "20:00", "20:20"].map((time, index) =>
        t.app.inject({
          method: "POST",
          url: "/api/appointments",
          payload: bookingFor("Arjun Nair", {
            appointmentDate: "2026-11-27",
            appointmentTime: time,
            followUpKey: key,
            ...(index === 0 ? { replacesAppointmentId: lapsed } : {}),
          }),
          remoteAddress: `10.81.1.${30 + index}`,
        }),
      ),
    );
    expect(
      race.map((answer) => answer.statusCode).sort(),
      race.map((answer) => answer.body).join("\n"),
    ).toEqual([201, 409, 409, 409, 409]);
  });

  it("refunds in full a follow-up paid after its hold was replaced, and confirms the one that replaced it", async () => {
    const consultation = await completedConsultation("Ravi Kumar", "20:40", "10.81.5.1");
    const key = keyOf((await manage(consultation.token)).followUp?.url ?? "");
    const first = await bookAppointment(
      t.app,
      bookingFor("Ravi Kumar", { appointmentDate: "2026-11-28", appointmentTime: "19:00", followUpKey: key }),
      "10.81.5.2",
    );
    const order = (
      await t.app.inject({ method: "POST", url: "/api/create-order", payload: { appointmentId: first.id } })
    ).json<{ orderId: string }>();
    // The parent goes back, corrects the e-mail and books again: the first hold gives way.
    const second = await bookAppointment(
      t.app,
      bookingFor("Ravi Kumar", {
        appointmentDate: "2026-11-28",
        appointmentTime: "19:20",
        patientEmail: "ravi.kumar.parent@example.org",
        followUpKey: key,
        replacesAppointmentId: first.id,
      }),
      "10.81.5.3",
    );
    await payOnSimulator(t.app, second.id, "10.81.5.3");
    // The first checkout, still open in another tab, is paid too.
    await t.app.inject({
      method: "POST",
      url: `/payment/simulator/${order.orderId}`,
      payload: "outcome=pay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const verified = await t.app.inject({ method: "GET", url: `/api/verify-payment/${order.orderId}` });
    expect(verified.statusCode, verified.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.followUpOf, consultation.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(second.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(byId.get(first.id)).toMatchObject({ status: "cancelled", paidAmount: 500 });
    expect(["refund_pending", "refunded"]).toContain(byId.get(first.id)?.paymentStatus);
  });

  it("confirms a free follow-up at once, with its messages and no payment, receipt or refund", async () => {
    await setFees({ fee: 0, withinDays: 3 });
    const consultation = await completedConsultation("Diya Shetty", "19:40", "10.81.2.1");
    const link = (await manage(consultation.token)).followUp;
    expect(link).toMatchObject({ fee: 0, lastDate: "2026-11-26" });
    const key = keyOf(link?.url ?? "");

    const created = await bookAppointment(
      t.app,
      bookingFor("Diya Shetty", {
        appointmentDate: "2026-11-25",
        appointmentTime: "19:20",
        followUpKey: key,
      }),
      "10.81.2.2",
    );
    expect(created).toMatchObject({ status: "confirmed", paymentStatus: "paid", amount: 0 });
    const order = await t.app.inject({
      method: "POST",
      url: "/api/create-order",
      payload: { appointmentId: created.id },
    });
    expect(order.statusCode).toBe(409);

    const messages = await t.database.db
      .select({
        kind: outboxMessages.kind,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.appointmentId, created.id));
    // The parent's confirmation by e-mail and WhatsApp, as after a payment.
    expect(messages).toEqual(
      expect.arrayContaining([
        { kind: "confirmation", channel: "email", recipient: "patient" },
        { kind: "confirmation", channel: "whatsapp", recipient: "patient" },
      ]),
    );

    // Delivered (to files: no mail server here), not failing on a receipt a free follow-up does not have.
    await drainOutboxOf(t, clock.now);
    const delivered = await t.database.db
      .select({ kind: outboxMessages.kind, channel: outboxMessages.channel, status: outboxMessages.status })
      .from(outboxMessages)
      .where(eq(outboxMessages.appointmentId, created.id));
    expect(
      delivered.filter((message) => message.kind === "confirmation").map((message) => message.status),
    ).toEqual(["written_to_file", "written_to_file", "written_to_file", "written_to_file"]);

    const details = (await admin("GET", `/api/admin/appointments/${created.id}`)).json<{
      appointment: { paidAmount: number; receiptNumber?: string };
    }>();
    expect(details.appointment.paidAmount).toBe(0);
    const receipt = await admin("GET", `/api/admin/appointments/${created.id}/receipt`);
    expect(receipt.statusCode).toBe(404);
    expect(receipt.json<{ message: string }>().message).toBe(
      "There is no receipt for this booking: it was a free follow-up.",
    );

    // The parent moves it within the follow-up period only.
    const token = await manageTokenOf(created.id);
    const move = (appointmentDate: string, appointmentTime = "19:20") =>
      t.app.inject({
        method: "POST",
        url: `/api/manage/${token}/reschedule`,
        payload: { appointmentDate, appointmentTime },
      });
    // 20:40: a time the race of an earlier test on that day never takes, so only the period can refuse it.
    const tooLate = await move("2026-11-27", "20:40");
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json<{ message: string }>().message).toBe(
      "A follow-up must be on or before Thursday, 26 November 2026. Please choose an earlier day.",
    );
    expect((await move("2026-11-26")).statusCode).toBe(200);
  });

  it("offers nothing once the period is over or while the doctor offers no follow-ups", async () => {
    const consultation = await completedConsultation("Kabir Das", "20:00", "10.81.3.1", "kn");
    const link = (await manage(consultation.token)).followUp?.url ?? "";
    // A Kannada booking's follow-up is booked on the Kannada home page.
    expect(link).toMatch(new RegExp(`^${TEST_SITE}/kn/\\?followUp=[A-Za-z0-9_-]{43}$`));
    const key = keyOf(link);

    await setFees(null);
    expect((await manage(consultation.token)).followUp).toBeNull();
    expect((await offer(key)).json<{ message: string }>().message).toBe(
      "The doctor does not offer follow-ups at a separate fee at present. Please book a new consultation.",
    );

    await setFees(FOLLOW_UP_RULE);
    await moveClockTo("2026-12-01T05:00:00Z");
    expect((await manage(consultation.token)).followUp).toBeNull();
    const over = await offer(key);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(
      "The follow-up period for this consultation ended on Monday, 30 November 2026. Please book a new consultation.",
    );
  });

  it("answers 404 to a key that opens nothing, and 400 to a booking with a malformed one", async () => {
    const consultation = await completedConsultation("Tara Bose", "20:20", "10.81.4.1");
    const key = keyOf((await manage(consultation.token)).followUp?.url ?? "");
    const altered = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      "x",
      altered,
      "%00",
      "A".repeat(43),
      consultation.token,
      encodeURIComponent("../config"),
    ]) {
      const answer = await offer(bad);
      // A NUL is refused by the site's input guard before any route.
      expect(answer.statusCode, bad).toBe(bad === "%00" ? 400 : 404);
      if (bad !== "%00")
        expect(answer.json<{ message: string }>().message).toBe(
          "This follow-up link is not valid. Please book a new consultation.",
        );
    }
    const unknown = await book({
      appointmentDate: "2026-11-25",
      appointmentTime: "20:40",
      followUpKey: altered,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await book({
      appointmentDate: "2026-11-25",
      appointmentTime: "20:40",
      followUpKey: "short",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toContain("This follow-up link is not valid.");
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.followUpOf, consultation.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses a follow-up rule the doctor could not mean, and keeps the one saved", async () => {
    for (const [followUp, message] of [
      [{ fee: 3000, withinDays: 7 }, "The follow-up fee cannot be more than the consultation fee"],
      [{ fee: 0, withinDays: 0 }, "The follow-up period must be at least 1 day"],
      [{ fee: -1, withinDays: 7 }, "The follow-up fee cannot be negative"],
      [{ fee: 0, withinDays: 91 }, "The follow-up period can be at most 90 days"],
      [{ fee: 0, withinDays: 1.5 }, "The follow-up period must be a whole number of days"],
    ] as const) {
      const answer = await admin("PUT", "/api/admin/fees", { consultationFee: 2000, followUp });
      expect(answer.statusCode, JSON.stringify(followUp)).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
    expect((await admin("GET", "/api/admin/fees")).json()).toEqual({
      consultationFee: 2000,
      followUp: FOLLOW_UP_RULE,
    });

    // A change that leaves the rule out keeps it, and checks it against the new fee.
    const lower = await admin("PUT", "/api/admin/fees", { consultationFee: 1500 });
    expect(lower.json()).toEqual({ consultationFee: 1500, followUp: FOLLOW_UP_RULE });
    const belowRule = await admin("PUT", "/api/admin/fees", { consultationFee: 400 });
    expect(belowRule.statusCode).toBe(400);
    expect(belowRule.json<{ issues: unknown[] }>().issues).toEqual([
      { path: "followUp.fee", message: "The follow-up fee cannot be more than the consultation fee" },
    ]);
    expect((await admin("GET", "/api/admin/fees")).json()).toEqual({
      consultationFee: 1500,
      followUp: FOLLOW_UP_RULE,
    });
  });
});
