import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminAppointmentDetails, AdminAppointmentViewPage } from "@shared/admin";
import type { ManageView } from "@shared/manage";
import type { AdminSchedule } from "@shared/schedule-admin";
import type { VideoRoomLookup } from "@shared/video";
import { accessLog, appointments, outboxMessages } from "../../db/schema";
import { drainOutboxOf, silentLog } from "../../testing/app-jobs";
import { startMessagingStandIns } from "../../testing/messaging-stand-ins";
import { readableMail } from "../../testing/mime";
import { useInSuite } from "../../testing/suite";
import {
  bookPaidAppointment,
  TEST_ADMIN_PASSWORD,
  TEST_SITE,
  testEngines,
  useSiteApp,
} from "../../testing/test-app";
import { refundUnansweredUnavailable } from "./service";

/**
 * When the doctor cannot keep a paid booking's time (leave, changed hours), she asks the parent, who chooses another
 * time (free, not counted) or a full refund from the manage link; until then the room and the reminders of the old
 * time are withdrawn, and at the old start an undecided booking is refunded in full and the parent told so.
 */
// Saturday 21 Nov 2026, 3:30 PM IST. The bookings are on Wednesday 25 Nov at 7:00 PM IST (13:30Z).
const START = "2026-11-21T10:00:00Z";
const BOOKED = { appointmentDate: "2026-11-25", appointmentTime: "19:00" };
const BOOKED_START = "2026-11-25T13:30:00Z";

describe.each(testEngines)("a booked time the doctor cannot keep, on %s", (engine) => {
  const messaging = useInSuite(startMessagingStandIns);
  const { clock, t, signIn, doctorHeaders } = useSiteApp(engine, START, () => ({
    env: { ...messaging.env, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
  }));
  let cookie = "";
  let address = 0;

  /** Moves the clock, and signs the doctor in again at that moment (a session does not last days). */
  async function setClock(iso: string) {
    clock.set(iso);
    cookie = await signIn();
  }

  beforeEach(async () => {
    await setClock(START);
    // Each test takes the 25th off again from a clean slate: earlier leave removed, messages forgotten.
    const schedule = await admin("GET", "/api/admin/schedule");
    for (const exception of schedule.json<AdminSchedule>().exceptions)
      await admin("DELETE", `/api/admin/schedule/exceptions/${exception.id}`);
    await t.database.db
      .update(appointments)
      .set({ status: "cancelled" })
      .where(eq(appointments.status, "confirmed"));
    // Messages of earlier tests still queued (due at their later moments) are not this test's.
    await t.database.db.delete(outboxMessages);
    messaging.clear();
  });

  const admin = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: doctorHeaders(cookie), ...(payload ? { payload } : {}) });

  const manage = (token: string) =>
    t.app.inject({ method: "GET", url: `/api/manage/${token}` }).then((r) => r.json<ManageView>());

  /**
   * A paid booking on the 25th, then leave that day acknowledged, as the doctor's dialog saves it; its confirmation
   * is sent first unless `sendConfirmation` is false (the outbox has not run yet).
   */
  async function bookThenTakeLeave({ sendConfirmation = true } = {}): Promise<{ id: string; token: string }> {
    address += 1;
    const booking = await bookPaidAppointment(t.app, BOOKED, `10.77.0.${address}`);
    const leave = await admin("POST", "/api/admin/schedule/exceptions", {
      kind: "leave",
      startsOn: BOOKED.appointmentDate,
      endsOn: BOOKED.appointmentDate,
      note: "Conference",
      acknowledgedAppointmentIds: [booking.id],
    });
    expect(leave.statusCode, leave.body).toBe(201);
    if (!sendConfirmation) return booking;
    await drainOutboxOf(t, clock.now);
    messaging.clear();
    return booking;
  }

  async function askParent(id: string) {
    const asked = await admin("POST", "/api/admin/appointments/ask-parents", {
      appointmentIds: [id],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<{ asked: string[] }>().asked).toEqual([id]);
  }

  async function roomState(id: string): Promise<VideoRoomLookup["state"]> {
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    const room = await t.app.inject({ method: "GET", url: `/api/video-room/${row?.videoRoomId}` });
    return room.json<VideoRoomLookup>().state;
  }

  it("tells the parent at once by e-mail and WhatsApp, withdraws the room and the reminders, and shows the choice first", async () => {
    const { id, token } = await bookThenTakeLeave();
    const before = (await admin("GET", "/api/admin/schedule")).json<AdminSchedule>();
    expect(before.needsAction).toMatchObject([{ id, parentAskedAt: null }]);

    await askParent(id);
    await drainOutboxOf(t, clock.now);
    const mail = messaging.smtp.messages.map((message) => readableMail(message.raw));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain("Please choose another time");
    expect(mail[0]).toContain("is not available on Wednesday, 25 November 2026, 7:00 PM IST");
    expect(mail[0]).toContain(`${TEST_SITE}/appointments/manage/`);
    const whatsapp = messaging.whatsapp.requests.map((request) => JSON.stringify(request.body));
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]).toContain(
      "the doctor is not available then. Please choose another time (free) or a full refund",
    );

    const pending = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.appointmentId, id));
    expect(pending.filter((row) => row.kind.startsWith("reminder_") && row.status === "pending")).toEqual([]);

    const view = await manage(token);
    expect(view.appointment).toMatchObject({
      doctorUnavailable: true,
      videoRoomUrl: null,
      roomOpensAt: null,
    });
    expect(view.policy.cancel).toMatchObject({ allowed: true, refundPercent: 100, refundAmount: 2000 });
    expect(view.policy.reschedule.allowed).toBe(true);
    expect(await roomState(id)).toBe("time_changing");

    const after = (await admin("GET", "/api/admin/schedule")).json<AdminSchedule>();
    expect(after.needsAction[0]?.parentAskedAt).toBe(START.replace("Z", ".000Z"));
    const logged = await t.database.db.select().from(accessLog).where(eq(accessLog.recordId, id));
    expect(logged.map((entry) => entry.detail)).toContain(
      "asked the parent to choose another time or a full refund",
    );

    // Asking again sends nothing twice.
    messaging.clear();
    await askParent(id);
    await drainOutboxOf(t, clock.now);
    expect(messaging.smtp.messages).toHaveLength(0);
  });

  it("lets the parent move for free, even within 12 hours, without counting the move", async () => {
    const { id, token } = await bookThenTakeLeave();
    await askParent(id);
    // 6.5 hours before: a parent's own move would be refused now.
    await setClock("2026-11-25T07:00:00Z");
    const moved = await t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/reschedule`,
      payload: { appointmentDate: "2026-11-26", appointmentTime: "19:20" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const view = moved.json<ManageView>();
    expect(view.appointment).toMatchObject({
      appointmentDate: "2026-11-26",
      appointmentTime: "19:20",
      reschedules: 0,
      doctorUnavailable: false,
    });
    expect(view.appointment.videoRoomUrl).not.toBeNull();
    expect(await roomState(id)).not.toBe("time_changing");
    const details = (await admin("GET", `/api/admin/appointments/${id}`)).json<AdminAppointmentDetails>();
    expect(details.history.map((entry) => entry.summary)).toContain(
      "Rescheduled by the parent from 2026-11-25 7:00 PM to 2026-11-26 7:20 PM (the doctor could not keep the time; not counted)",
    );
    const schedule = (await admin("GET", "/api/admin/schedule")).json<AdminSchedule>();
    expect(schedule.needsAction).toEqual([]);
    expect(schedule.decidedAfterAsking.find((decided) => decided.id === id)).toMatchObject({
      outcome: "moved",
      appointmentDate: "2026-11-26",
      appointmentTime: "19:20",
    });
  });

  it("refunds in full when the parent asks, whatever the hours left", async () => {
    const { id, token } = await bookThenTakeLeave();
    await askParent(id);
    await setClock("2026-11-25T11:00:00Z");
    const cancelled = await t.app.inject({ method: "POST", url: `/api/manage/${token}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const view = cancelled.json<ManageView>();
    expect(view.appointment).toMatchObject({ status: "cancelled", doctorUnavailable: false });
    expect(view.refunds).toMatchObject([{ amount: 2000 }]);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.doctorUnavailableSince).toBeNull();
    const schedule = (await admin("GET", "/api/admin/schedule")).json<AdminSchedule>();
    expect(schedule.decidedAfterAsking.find((decided) => decided.id === id)?.outcome).toBe("refunded");
  });

  it("refunds an undecided booking in full at the old start and tells the parent", async () => {
    const { id, token } = await bookThenTakeLeave();
    await askParent(id);
    const ctx = {
      db: t.database.db,
      config: t.config,
      gateway: t.gateway,
      log: silentLog,
      siteUrl: TEST_SITE,
      counters: t.app.metrics.counters,
    };
    // A minute before the old start nothing happens; at the start the refund is made, once.
    expect(
      await refundUnansweredUnavailable({ ...ctx, now: new Date(Date.parse(BOOKED_START) - 60_000) }),
    ).toBe(0);
    await setClock(BOOKED_START);
    expect(await refundUnansweredUnavailable({ ...ctx, now: new Date(BOOKED_START) })).toBe(1);
    expect(await refundUnansweredUnavailable({ ...ctx, now: new Date(BOOKED_START) })).toBe(0);
    const view = await manage(token);
    expect(view.appointment.status).toBe("cancelled");
    expect(view.refunds).toMatchObject([{ amount: 2000 }]);
    await drainOutboxOf(t, clock.now);
    const toParent = messaging.smtp.messages
      .map((message) => readableMail(message.raw))
      .find((mail) => mail.includes("Your consultation is cancelled"));
    expect(toParent).toContain("The doctor was not available at this time and no other time was chosen");
    expect(toParent).toContain("₹2,000 is being refunded");
    expect((await admin("GET", "/api/admin/schedule")).json<AdminSchedule>().needsAction).toEqual([]);
  });

  it("keeps an asked parent's booking before the doctor when she removes the leave, as it is still refunded at its start", async () => {
    const { id, token } = await bookThenTakeLeave();
    await askParent(id);
    const schedule = (await admin("GET", "/api/admin/schedule")).json<AdminSchedule>();
    const leave = schedule.exceptions[0];
    const removed = await admin("DELETE", `/api/admin/schedule/exceptions/${leave?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    // The parent is still asked to choose, and nobody has chosen: the doctor sees it, with why.
    expect((await manage(token)).appointment.doctorUnavailable).toBe(true);
    const after = removed.json<AdminSchedule>();
    expect(after.needsAction.map((listed) => listed.id)).toEqual([id]);
    expect(after.needsAction[0]?.parentAskedAt).not.toBeNull();
    expect(after.needsAction[0]?.why).toBe(
      "Your hours include this time again, but the parent was asked to choose another time or a refund",
    );
  });

  it("never sends the confirmation of a time the doctor cannot keep once the parent is asked, queued or resent", async () => {
    const booking = await bookThenTakeLeave({ sendConfirmation: false });
    // Asked before the outbox sent the confirmation (it was down, or a channel is being retried).
    await askParent(booking.id);
    await drainOutboxOf(t, clock.now);
    const mail = messaging.smtp.messages.map((message) => readableMail(message.raw));
    expect(mail.filter((text) => text.includes("Please choose another time"))).toHaveLength(1);
    expect(mail.filter((text) => text.includes("/video-consultation/"))).toEqual([]);

    const resent = await admin("POST", `/api/admin/appointments/${booking.id}/resend-confirmation`, {});
    expect(resent.statusCode).toBe(409);
    expect(resent.json<{ message: string }>().message).toMatch(/^The parent was asked to choose/);
    const details = (
      await admin("GET", `/api/admin/appointments/${booking.id}`)
    ).json<AdminAppointmentDetails>();
    expect(details.actions.resendConfirmation).toBe(false);
  });

  it("shows the booking in the doctor's lists as waiting for the parent, without the withdrawn room's links", async () => {
    const { id } = await bookThenTakeLeave();
    await askParent(id);
    const list = await admin("GET", "/api/appointments?view=upcoming&limit=100");
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json<AdminAppointmentViewPage>().appointments.find((listed) => listed.id === id);
    expect(row).toMatchObject({
      status: "confirmed",
      parentAskedAt: START.replace("Z", ".000Z"),
      videoRoomUrl: null,
      videoHostUrl: null,
    });
    const details = (await admin("GET", `/api/admin/appointments/${id}`)).json<AdminAppointmentDetails>();
    expect(details.appointment).toMatchObject({ parentAskedAt: expect.any(String) as unknown });
    expect(details.appointment.videoHostUrl).toBeNull();
  });

  it("opens no room, takes no prescription and no outcome after the old start of an undecided booking", async () => {
    const { id, token } = await bookThenTakeLeave();
    await askParent(id);
    // A minute after the old start, before the sweep has refunded it: no consultation took place.
    await setClock(new Date(Date.parse(BOOKED_START) + 60_000).toISOString());
    const view = await manage(token);
    expect(view.appointment).toMatchObject({ status: "confirmed", videoRoomUrl: null, roomOpensAt: null });
    const prescription = await admin("POST", `/api/admin/appointments/${id}/prescriptions`, {
      patientSex: "female",
      diagnosis: "Innocent murmur",
      medicines: [],
      advice: "No treatment needed",
    });
    expect(prescription.statusCode).toBe(409);
    expect(prescription.json<{ message: string }>().message).toMatch(/^You were not available at this time/);
    for (const outcome of ["complete", "no-show"]) {
      const marked = await admin("POST", `/api/admin/appointments/${id}/${outcome}`, {});
      expect(marked.statusCode, marked.body).toBe(409);
    }
    const details = (await admin("GET", `/api/admin/appointments/${id}`)).json<AdminAppointmentDetails>();
    expect(details.actions).toMatchObject({ complete: false, noShow: false });
  });

  it("asks no parent when one of the bookings asked about cannot be, so the doctor's error is the whole story", async () => {
    const { id } = await bookThenTakeLeave();
    const mixed = await admin("POST", "/api/admin/appointments/ask-parents", {
      appointmentIds: [id, "ffffffff-ffff-4fff-bfff-ffffffffffff"],
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json<{ message: string }>().message).toBe("Appointment not found");
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.doctorUnavailableSince).toBeNull();
    const queued = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.appointmentId, id));
    expect(queued.filter((message) => message.kind === "doctor_unavailable")).toEqual([]);
  });

  it("refuses to ask about a booking that is not confirmed, unknown, started, or none, and changes nothing", async () => {
    const { id } = await bookThenTakeLeave();
    const none = await admin("POST", "/api/admin/appointments/ask-parents", { appointmentIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe("Choose the appointments whose parents to ask");
    const unknown = await admin("POST", "/api/admin/appointments/ask-parents", {
      appointmentIds: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(unknown.statusCode).toBe(404);
    await setClock(BOOKED_START);
    const started = await admin("POST", "/api/admin/appointments/ask-parents", { appointmentIds: [id] });
    expect(started.statusCode).toBe(409);
    expect(started.json<{ message: string }>().message).toMatch(/already started/);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.doctorUnavailableSince).toBeNull();
    const noCookie = await t.app.inject({
      method: "POST",
      url: "/api/admin/appointments/ask-parents",
      headers: { origin: TEST_SITE },
      payload: { appointmentIds: [id] },
    });
    expect(noCookie.statusCode).toBe(401);
  });
});
