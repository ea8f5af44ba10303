import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Availability, CreatedAppointment, PublicConfig } from "@shared/booking";
import {
  DEFAULT_WEEKLY_TEMPLATE,
  type DayAvailability,
  type MonthAvailability,
  type WeeklyTemplate,
} from "@shared/schedule";
import type { AdminSchedule, AppointmentNeedingAction } from "@shared/schedule-admin";
import { appointments, outboxMessages } from "../../db/schema";
import {
  bookingConsent,
  payOnSimulator,
  signInAsAdmin,
  TEST_ORIGIN,
  testClock,
  testEngines,
  useTestApp,
} from "../../testing/test-app";
import { roomWindow } from "../video/service";

// 10:00 UTC on Saturday 21 November 2026 is 15:30 in India.
const clock = testClock("2026-11-21T10:00:00Z");

const parent = {
  patientName: "Kavya Iyer",
  patientEmail: "kavya.parent@example.org",
  patientPhone: "+91 98450 55555",
  patientAge: 5,
  reasonForConsultation: "Breathless when feeding",
  ...bookingConsent,
};

describe.each(testEngines)("the doctor's schedule on %s", (engine) => {
  const t = useTestApp(engine, { now: clock.now });
  let cookie: string;
  let address = 0;

  const get = <T>(url: string) =>
    t.app.inject({ method: "GET", url }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const day = (date: string) => get<DayAvailability>(`/api/availability?date=${date}`);
  const month = (value: string) => get<MonthAvailability>(`/api/availability?month=${value}`);
  const book = (appointmentDate: string, appointmentTime: string, patientName = parent.patientName) =>
    t.app.inject({
      method: "POST",
      url: "/api/appointments",
      remoteAddress: `10.7.0.${++address}`,
      payload: { ...parent, patientName, appointmentDate, appointmentTime },
    });
  const admin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  /** A date the doctor changes: leave, a date's own hours, a blocked slot. */
  const postException = (exception: object) => admin("POST", "/api/admin/schedule/exceptions", exception);
  /** Saves a date the doctor changes, and answers the schedule after it. */
  const addException = async (exception: object) => {
    const added = await postException(exception);
    expect(added.statusCode, added.body).toBe(201);
    return added.json<AdminSchedule>();
  };

  /** A confirmed booking, paid on the simulator as a parent would. */
  async function bookAndPay(date: string, time: string, patientName: string): Promise<string> {
    const created = await book(date, time, patientName);
    expect(created.statusCode, created.body).toBe(201);
    const { appointment } = created.json<{ appointment: CreatedAppointment }>();
    await payOnSimulator(t.app, appointment.id);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row?.status).toBe("confirmed");
    return appointment.id;
  }

  beforeEach(async () => {
    clock.set("2026-11-21T10:00:00Z");
    cookie = await signInAsAdmin(t.app);
  });

  it("offers the default hours until the doctor changes them: six 20-minute slots every day", async () => {
    const { status, body } = await day("2026-11-22");
    expect(status).toBe(200);
    expect(body).toEqual({
      date: "2026-11-22",
      freeSlots: 6,
      slots: ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"].map((time) => ({
        time,
        durationMinutes: 20,
        status: "available",
      })),
    });
    const schedule = (await admin("GET", "/api/admin/schedule")).json<AdminSchedule>();
    expect(schedule).toMatchObject({
      weekly: DEFAULT_WEEKLY_TEMPLATE,
      minNoticeMinutes: 30,
      horizonDays: 60,
      defaults: { minNoticeMinutes: 30, horizonDays: 60 },
      timeZone: "Asia/Kolkata",
      exceptions: [],
      needsAction: [],
    });
  });

  it("answers a date on leave with no slots and a reason, and refuses to book it", async () => {
    const added = await addException({
      kind: "leave",
      startsOn: "2026-11-24",
      endsOn: "2026-11-26",
      note: "Conference",
    });
    expect(added.exceptions).toEqual([
      expect.objectContaining({
        kind: "leave",
        startsOn: "2026-11-24",
        endsOn: "2026-11-26",
        note: "Conference",
      }),
    ]);

    const onLeave = await day("2026-11-25");
    expect(onLeave.body).toEqual({
      date: "2026-11-25",
      freeSlots: 0,
      reason: "leave",
      message: "The doctor is on leave on this date.",
      slots: [],
    });
    const refused = await book("2026-11-25", "19:00");
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      "The doctor is on leave on Wednesday, 25 November 2026. Please choose another date.",
    );
    // The spec's availability call shows every one of the six as unavailable.
    expect((await get<Availability>("/api/appointments?date=2026-11-25")).body).toEqual({
      date: "2026-11-25",
      bookedSlots: [],
      unavailableSlots: ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"],
    });
    expect((await day("2026-11-27")).body.freeSlots).toBe(6);
  });

  it("offers a date's own hours, with their length, and refuses the weekday's times that day", async () => {
    await addException({
      kind: "hours",
      date: "2026-11-27",
      sessions: [{ start: "10:00", end: "11:00", slotMinutes: 30, gapMinutes: 0 }],
      note: "Morning clinic",
    });
    expect((await day("2026-11-27")).body.slots).toEqual([
      { time: "10:00", durationMinutes: 30, status: "available" },
      { time: "10:30", durationMinutes: 30, status: "available" },
    ]);

    const evening = await book("2026-11-27", "19:00");
    expect(evening.statusCode).toBe(400);
    expect(evening.json()).toMatchObject({
      message:
        "7:00 PM is not a consultation time on Friday, 27 November 2026. Please select one of the available time slots.",
      issues: [{ path: "appointmentTime", message: "Please select one of the available time slots" }],
    });
    const morning = await book("2026-11-27", "10:30");
    expect(morning.statusCode, morning.body).toBe(201);
    const { appointment } = morning.json<{ appointment: CreatedAppointment }>();
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row?.durationMinutes).toBe(30);
    expect((await day("2026-11-27")).body).toMatchObject({ freeSlots: 1 });

    const again = await postException({
      kind: "hours",
      date: "2026-11-27",
      sessions: [],
      note: "",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain("already has its own hours");
  });

  it("counts the free slots of every day of a month in one query, leave days and past days at 0", async () => {
    const prepareQuery = vi.spyOn(
      (t.database.db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session,
      "prepareQuery",
    );
    const { status, body } = await month("2026-11");
    expect(prepareQuery).toHaveBeenCalledTimes(1);
    prepareQuery.mockRestore();

    expect(status).toBe(200);
    expect(body.month).toBe("2026-11");
    expect(body.firstBookableDate).toBe("2026-11-21");
    expect(body.lastBookableDate).toBe("2027-01-20");
    expect(body.days).toHaveLength(30);
    const byDate = new Map(body.days.map((entry) => [entry.date, entry]));
    expect(byDate.get("2026-11-01")).toEqual({ date: "2026-11-01", freeSlots: 0, reason: "past" });
    expect(byDate.get("2026-11-20")).toEqual({ date: "2026-11-20", freeSlots: 0, reason: "past" });
    expect(byDate.get("2026-11-21")).toEqual({ date: "2026-11-21", freeSlots: 6 });
    for (const date of ["2026-11-24", "2026-11-25", "2026-11-26"])
      expect(byDate.get(date)).toEqual({ date, freeSlots: 0, reason: "leave" });
    // The date with its own hours: two 30-minute slots, one of them held by the booking above.
    expect(byDate.get("2026-11-27")).toEqual({ date: "2026-11-27", freeSlots: 1 });
    expect(byDate.get("2026-11-30")).toEqual({ date: "2026-11-30", freeSlots: 6 });

    const later = await month("2027-01");
    expect(later.body.days.find((entry) => entry.date === "2027-01-20")).toEqual({
      date: "2027-01-20",
      freeSlots: 6,
    });
    expect(later.body.days.find((entry) => entry.date === "2027-01-21")).toEqual({
      date: "2027-01-21",
      freeSlots: 0,
      reason: "beyond_horizon",
    });
    for (const bad of ["2026-13", "2026-1", "november", ""]) {
      expect((await t.app.inject({ method: "GET", url: `/api/availability?month=${bad}` })).statusCode).toBe(
        400,
      );
    }
    expect((await t.app.inject({ method: "GET", url: "/api/availability" })).statusCode).toBe(400);
  });

  it("blocks one slot, and the slot can no longer be booked", async () => {
    await addException({ kind: "block", date: "2026-11-29", time: "19:20", note: "School event" });
    expect((await day("2026-11-29")).body.slots.map((slot) => slot.time)).toEqual([
      "19:00",
      "19:40",
      "20:00",
      "20:20",
      "20:40",
    ]);
    expect((await book("2026-11-29", "19:20")).statusCode).toBe(400);
    const nothing = await postException({
      kind: "block",
      date: "2026-11-29",
      time: "18:00",
      note: "",
    });
    expect(nothing.statusCode).toBe(400);
  });

  it("lists confirmed appointments a change would take the slot of, and keeps them once the doctor has seen them", async () => {
    const id = await bookAndPay("2026-11-28", "20:00", "Rohan Pillai");
    const attempt = await postException({
      kind: "leave",
      startsOn: "2026-11-28",
      endsOn: "2026-11-28",
      note: "Family wedding",
    });
    expect(attempt.statusCode).toBe(409);
    const conflict = attempt.json<{ message: string; affected: AppointmentNeedingAction[] }>();
    expect(conflict.message).toContain("1 confirmed appointment");
    expect(conflict.affected).toEqual([
      {
        id,
        bookingId: id.slice(0, 8),
        patientName: "Rohan Pillai",
        patientPhone: "+919845055555",
        patientEmail: parent.patientEmail,
        appointmentDate: "2026-11-28",
        appointmentTime: "20:00",
        durationMinutes: 20,
        why: "Leave: Family wedding",
        awaitingPayment: false,
        parentAskedAt: null,
      },
    ]);
    expect((await day("2026-11-28")).body.reason).toBeUndefined();

    const confirmed = await addException({
      kind: "leave",
      startsOn: "2026-11-28",
      endsOn: "2026-11-28",
      note: "Family wedding",
      acknowledgedAppointmentIds: [id],
    });
    expect(confirmed.needsAction).toEqual(conflict.affected);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect((await day("2026-11-28")).body.reason).toBe("leave");

    // Taking the leave away gives the slot back; the appointment no longer needs action.
    const leaveId = confirmed.exceptions.find((e) => e.startsOn === "2026-11-28")?.id;
    const removed = await admin("DELETE", `/api/admin/schedule/exceptions/${leaveId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<AdminSchedule>().needsAction).toEqual([]);
  });

  it("changes the weekly hours, the notice and the horizon, and GET /api/config follows", async () => {
    const id = await bookAndPay("2026-12-06", "19:00", "Sunday Patient");
    const weekly: WeeklyTemplate = {
      ...DEFAULT_WEEKLY_TEMPLATE,
      sunday: [],
      monday: [{ start: "18:00", end: "20:00", slotMinutes: 30, gapMinutes: 10 }],
    };
    const attempt = await admin("PUT", "/api/admin/schedule", {
      weekly,
      minNoticeMinutes: 120,
      horizonDays: 30,
    });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json<{ affected: AppointmentNeedingAction[] }>().affected.map((a) => a.id)).toEqual([id]);
    expect(attempt.json<{ affected: AppointmentNeedingAction[] }>().affected[0]?.why).toBe(
      "Outside the weekly hours",
    );

    const saved = await admin("PUT", "/api/admin/schedule", {
      weekly,
      minNoticeMinutes: 120,
      horizonDays: 30,
      acknowledgedAppointmentIds: [id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminSchedule>()).toMatchObject({ weekly, minNoticeMinutes: 120, horizonDays: 30 });

    const config = (await get<PublicConfig>("/api/config")).body;
    expect(config).toMatchObject({ minNoticeMinutes: 120, horizonDays: 30 });
    // Monday 23 November: 18:00, 18:40 and 19:20, each 30 minutes.
    expect(
      (await day("2026-11-23")).body.slots.map((slot) => `${slot.time}/${slot.durationMinutes}`),
    ).toEqual(["18:00/30", "18:40/30", "19:20/30"]);
    expect((await day("2026-11-22")).body).toMatchObject({ freeSlots: 0, reason: "day_off" });
    expect((await day("2026-12-22")).body.reason).toBe("beyond_horizon");
    // Two hours' notice: at 17:01 in India on Saturday (default hours), 7:00 PM is too soon and 7:20 PM is not.
    clock.set("2026-11-21T11:31:00Z");
    expect((await day("2026-11-21")).body.slots.slice(0, 2)).toMatchObject([
      { time: "19:00", status: "unavailable" },
      { time: "19:20", status: "available" },
    ]);

    const invalid = await admin("PUT", "/api/admin/schedule", {
      weekly: { ...weekly, friday: [{ start: "21:00", end: "19:00", slotMinutes: 20, gapMinutes: 0 }] },
      minNoticeMinutes: 30,
      horizonDays: 60,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ issues: { path: string; message: string }[] }>().issues).toContainEqual({
      path: "weekly.friday.0.end",
      message: "The session must end after the start, with room for at least one consultation",
    });
    const restored = await admin("PUT", "/api/admin/schedule", {
      weekly: DEFAULT_WEEKLY_TEMPLATE,
      minNoticeMinutes: 30,
      horizonDays: 60,
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it("shows new booking settings in /api/config and on the pages at once, not when their copies expire", async () => {
    const before = (await get<PublicConfig>("/api/config")).body;
    expect(before).toMatchObject({ minNoticeMinutes: 30, horizonDays: 60 });
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.body).toContain('"horizonDays":60');

    const saved = await admin("PUT", "/api/admin/schedule", {
      weekly: DEFAULT_WEEKLY_TEMPLATE,
      minNoticeMinutes: 120,
      horizonDays: 7,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get<PublicConfig>("/api/config")).body).toMatchObject({
      minNoticeMinutes: 120,
      horizonDays: 7,
    });
    const after = await t.app.inject({ method: "GET", url: "/" });
    expect(after.body).toContain('"horizonDays":7');
    expect(after.body).not.toContain('"horizonDays":60');

    const restored = await admin("PUT", "/api/admin/schedule", {
      weekly: DEFAULT_WEEKLY_TEMPLATE,
      minNoticeMinutes: 30,
      horizonDays: 60,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await get<PublicConfig>("/api/config")).body).toMatchObject({ horizonDays: 60 });
  });

  it("counts a hold still waiting for its payment among the bookings a change takes the time of", async () => {
    const held = await book("2026-12-05", "19:00", "Hold Parent");
    expect(held.statusCode, held.body).toBe(201);
    const { appointment } = held.json<{ appointment: CreatedAppointment }>();
    const leave = { kind: "leave", startsOn: "2026-12-05", endsOn: "2026-12-05", note: "Travel" };
    const warned = await postException(leave);
    expect(warned.statusCode).toBe(409);
    expect(warned.json<{ message: string }>().message).toBe(
      "This change takes the time of 1 booking awaiting payment. Review it, then confirm. A booking awaiting payment that is paid after this change is refunded in full.",
    );
    expect(warned.json<{ affected: AppointmentNeedingAction[] }>().affected).toEqual([
      expect.objectContaining({ id: appointment.id, awaitingPayment: true, why: "Leave: Travel" }),
    ]);
    const saved = await addException({ ...leave, acknowledgedAppointmentIds: [appointment.id] });
    // A hold needs nothing of the doctor: it lapses, or its payment is refunded.
    expect(saved.needsAction).toEqual([]);
    const exception = saved.exceptions.find((item) => item.startsOn === "2026-12-05");
    await admin("DELETE", `/api/admin/schedule/exceptions/${exception?.id ?? ""}`);
  });

  it("gives a 30-minute consultation a 30-minute video window end, calendar event and its reminders", async () => {
    await postException({
      kind: "hours",
      date: "2026-12-02",
      sessions: [{ start: "19:00", end: "20:00", slotMinutes: 30, gapMinutes: 0 }],
      note: "",
    });
    const id = await bookAndPay("2026-12-02", "19:30", "Long Slot");
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    if (!row) throw new Error("no row");
    // 19:30 IST is 14:00 UTC; it ends at 14:30, and the room closes 160 minutes after the end.
    expect(roomWindow(row, t.config)).toEqual({
      opensAt: new Date("2026-12-02T13:00:00Z"),
      startsAt: new Date("2026-12-02T14:00:00Z"),
      endsAt: new Date("2026-12-02T14:30:00Z"),
      closesAt: new Date("2026-12-02T17:10:00Z"),
    });
    const reminders = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.appointmentId, id));
    expect(
      reminders
        .filter((message) => message.kind.startsWith("reminder_"))
        .map((message) => message.dueAt.toISOString())
        .sort(),
    ).toEqual([
      "2026-12-01T14:00:00.000Z",
      "2026-12-01T14:00:00.000Z",
      "2026-12-02T13:30:00.000Z",
      "2026-12-02T13:30:00.000Z",
    ]);
    const { appointmentMessageData } = await import("../../core/appointments/message-data");
    const data = appointmentMessageData(t.config, row);
    expect(data.endsAt.getTime() - data.startsAt.getTime()).toBe(30 * 60_000);
  });

  it("says a time blocked twice is already blocked", async () => {
    await addException({ kind: "block", date: "2026-12-07", time: "19:00", note: "" });
    const again = await postException({ kind: "block", date: "2026-12-07", time: "19:00", note: "" });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe("That slot is already blocked.");
  });

  it("never lets a block and a booking of the same time both succeed when they arrive together", async () => {
    const times = ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"];
    for (const [index, time] of times.entries()) {
      const date = index < 3 ? "2026-12-03" : "2026-12-04";
      const [blocked, booked] = await Promise.all([
        postException({ kind: "block", date, time, note: "" }),
        book(date, time, `Race Child ${index}`),
      ]);
      const outcome = `${time}: block ${blocked.statusCode} ${blocked.body.slice(0, 120)}; booking ${booked.statusCode} ${booked.body.slice(0, 120)}`;
      // One wins: the block (the booking is refused), or the booking (the block waits for the doctor's say).
      expect(
        [blocked.statusCode, booked.statusCode].filter((status) => status === 201),
        outcome,
      ).toHaveLength(1);
      if (booked.statusCode !== 201) {
        // 400 when the block was saved before the booking first read the day (the time is not offered), 409 when
        // it was saved while the booking was being checked.
        expect([400, 409], outcome).toContain(booked.statusCode);
        expect(booked.json<{ message: string }>().message, outcome).toMatch(
          /no longer offered|is not a consultation time/,
        );
      } else expect(blocked.statusCode, outcome).toBe(409);
    }
  });

  it("keeps the schedule editor behind the admin session and the same-origin check", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/schedule" })).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: "PUT",
      url: "/api/admin/schedule",
      headers: { cookie, origin: "https://elsewhere.example" },
      payload: { weekly: DEFAULT_WEEKLY_TEMPLATE, minNoticeMinutes: 30, horizonDays: 60 },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
