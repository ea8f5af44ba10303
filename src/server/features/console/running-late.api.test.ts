import { like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminToday, RunningLateResult } from "@shared/console";
import { addDaysToDate } from "@shared/clinic-time";
import { outboxMessages } from "../../db/schema";
import { drainOutboxOf } from "../../testing/app-jobs";
import { startMessagingStandIns } from "../../testing/messaging-stand-ins";
import { readableMail } from "../../testing/mime";
import { useInSuite } from "../../testing/suite";
import {
  accessLogEntries,
  bookAppointment,
  bookingFor,
  bookPaidAppointment,
  TEST_SITE,
  testEngines,
  useSiteApp,
} from "../../testing/test-app";

/**
 * "Running late" through the API and the outbox: one press tells the parents of the day's consultations still to
 * come or under way, by e-mail and WhatsApp (the SMTP and WhatsApp stand-ins), that the doctor is running about N
 * minutes late; nobody else hears of it, and each press is a message of its own.
 */
// The first day's bookings are made two days ahead, at 3:30 PM IST; each test has a day of its own after it.
const FIRST_DAY = "2026-11-23";
const BOOKED_AT = `${addDaysToDate(FIRST_DAY, -2)}T10:00:00Z`;

interface BodyComponent {
  type: string;
  parameters: { text: string }[];
}
interface TemplateBody {
  to: string;
  template: { name: string; language: { code: string }; components: BodyComponent[] };
}

describe.each(testEngines)("running late (%s)", (engine) => {
  const messaging = useInSuite(startMessagingStandIns);
  const { clock, t, signIn, doctorHeaders } = useSiteApp(engine, BOOKED_AT, () => ({ env: messaging.env }));
  let cookie = "";
  let address = 0;
  let dayIndex = 0;

  const admin = (method: "GET" | "POST", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: doctorHeaders(cookie),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const pressRunningLate = (minutes: unknown) => admin("POST", "/api/admin/running-late", { minutes });
  const runningLateRows = () =>
    t.database.db.select().from(outboxMessages).where(like(outboxMessages.kind, "running_late_%"));

  /** What reached the parents about running late: e-mails (as readable text) and WhatsApp template bodies. */
  const received = () => ({
    mails: messaging.smtp.messages
      .map((mail) => ({ to: mail.to, text: readableMail(mail.raw) }))
      .filter((mail) => mail.text.includes("running about")),
    whatsapp: messaging.whatsapp.requests
      .map((request) => request.body as TemplateBody)
      .filter((body) => body.template?.name === "appointment_running_late"),
  });
  const parametersOf = (body: TemplateBody) =>
    body.template.components.find((component) => component.type === "body")?.parameters.map((p) => p.text);

  async function startSession() {
    cookie = await signIn();
  }

  /** A paid booking on `date` at `time` for `name`, with a phone of its own. */
  async function book(date: string, time: string, name: string) {
    address += 1;
    return bookPaidAppointment(
      t.app,
      bookingFor(name, {
        appointmentDate: date,
        appointmentTime: time,
        patientPhone: `+91 98450 ${String(20000 + address)}`,
      }),
      `10.88.0.${address}`,
    );
  }

  /**
   * A day of the default hours (20-minute consultations from 7:00 PM IST), booked two days ahead: Meera at 7:00 (over
   * by 7:45), Arjun at 7:40 (under way at 7:45), Kavya at 8:00; Rohan at 8:20, whose parent was asked to choose
   * another time; Diya at 8:40, cancelled by the doctor; a hold at 7:20 never paid for; and Tara the next day. The
   * clock then stands at 7:45 PM IST on the day, with the confirmations already sent and forgotten.
   */
  async function bookTheDay() {
    const date = addDaysToDate(FIRST_DAY, dayIndex);
    // Two days a test: the next day's booking (Tara's) stays out of the next test's day.
    dayIndex += 2;
    clock.set(`${addDaysToDate(date, -2)}T10:00:00Z`);
    await startSession();
    const meera = await book(date, "19:00", "Meera Pillai");
    const arjun = await book(date, "19:40", "Arjun Rao");
    const kavya = await book(date, "20:00", "Kavya Nair");
    const rohan = await book(date, "20:20", "Rohan Iyer");
    const diya = await book(date, "20:40", "Diya Sharma");
    const tara = await book(addDaysToDate(date, 1), "19:00", "Tara Menon");
    address += 1;
    await bookAppointment(
      t.app,
      bookingFor("Ishaan Das", { appointmentDate: date, appointmentTime: "19:20" }),
      `10.88.0.${address}`,
    );
    const asked = await admin("POST", "/api/admin/appointments/ask-parents", { appointmentIds: [rohan.id] });
    expect(asked.statusCode, asked.body).toBe(200);
    const cancelled = await admin("POST", `/api/admin/appointments/${diya.id}/cancel`, {
      reason: "A hospital emergency",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await drainOutboxOf(t, clock.now);
    // 7:45 PM IST on the day; messages of earlier tests, and reminders still queued, are not this test's.
    clock.set(`${date}T14:15:00Z`);
    await t.database.db.delete(outboxMessages);
    messaging.clear();
    await startSession();
    return { date, meera, arjun, kavya, rohan, diya, tara };
  }

  beforeEach(() => {
    messaging.clear();
  });

  it("tells only the parents of the consultations still to come or under way, by e-mail and WhatsApp, with the minutes", async () => {
    const { arjun, kavya } = await bookTheDay();
    const pressed = await pressRunningLate(15);
    expect(pressed.statusCode, pressed.body).toBe(200);
    const result = pressed.json<RunningLateResult>();
    expect(result).toMatchObject({ minutes: 15, notified: 2 });
    expect(result.appointments.map((a) => [a.id, a.appointmentTime, a.patientName, a.channels])).toEqual([
      [arjun.id, "19:40", "Arjun Rao", ["email", "whatsapp"]],
      [kavya.id, "20:00", "Kavya Nair", ["email", "whatsapp"]],
    ]);
    expect(result.appointments[0]?.bookingId).toBe(arjun.id.slice(0, 8));

    const rows = await runningLateRows();
    expect(
      rows.map((row) => `${row.appointmentId} ${row.kind} ${row.channel} ${row.recipient}`).sort(),
    ).toEqual(
      [
        `${arjun.id} running_late_1_15m email patient`,
        `${arjun.id} running_late_1_15m whatsapp patient`,
        `${kavya.id} running_late_1_15m email patient`,
        `${kavya.id} running_late_1_15m whatsapp patient`,
      ].sort(),
    );

    await drainOutboxOf(t, clock.now);
    const { mails, whatsapp } = received();
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      ["arjun.parent@example.org"],
      ["kavya.parent@example.org"],
    ]);
    const toArjun = mails.find((mail) => mail.to.includes("arjun.parent@example.org"))?.text ?? "";
    expect(toArjun).toContain("The doctor is running about 15 minutes late");
    expect(toArjun).toContain("booked for 7:40 PM IST");
    expect(toArjun).toMatch(new RegExp(`${TEST_SITE}/video-consultation/[0-9a-f]{32}`));
    expect(toArjun).toContain(arjun.id.slice(0, 8));
    expect(whatsapp).toHaveLength(2);
    const arjunsWhatsApp = whatsapp.find((body) => parametersOf(body)?.[0] === "Arjun Rao");
    expect(arjunsWhatsApp?.template.language.code).toBe("en");
    const [, minutes, time, link] = parametersOf(arjunsWhatsApp as TemplateBody) ?? [];
    expect([minutes, time]).toEqual(["15", "7:40 PM IST"]);
    expect(link).toMatch(new RegExp(`^${TEST_SITE}/video-consultation/[0-9a-f]{32}$`));
    expect((await runningLateRows()).map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);

    // The doctor's messages page lists them, and the access log says what she did, without names.
    const [latest] = await accessLogEntries(t.app, doctorHeaders(cookie));
    expect(latest).toMatchObject({
      recordId: "today",
      detail: "told 2 parents the doctor is running about 15 minutes late",
    });
  });

  it("sends again on a second press, with the new estimate, and withdraws an estimate a later one replaced", async () => {
    const { arjun, kavya } = await bookTheDay();
    expect((await pressRunningLate(10)).statusCode).toBe(200);
    await drainOutboxOf(t, clock.now);
    clock.advanceMinutes(5);
    const again = await pressRunningLate(30);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<RunningLateResult>()).toMatchObject({ minutes: 30, notified: 2 });
    // Today shows the latest press, so the doctor presses again knowing what she said.
    const day = (await admin("GET", "/api/admin/today")).json<AdminToday>();
    expect(day.runningLate).toEqual({ minutes: 30, at: clock.now().toISOString(), parents: 2, notSent: 0 });
    await drainOutboxOf(t, clock.now);
    const { mails, whatsapp } = received();
    expect(mails).toHaveLength(4);
    expect(mails.filter((mail) => mail.text.includes("running about 30 minutes late"))).toHaveLength(2);
    expect(whatsapp.map((body) => parametersOf(body)?.[1]).sort()).toEqual(["10", "10", "30", "30"]);
    const kinds = (await runningLateRows())
      .filter((row) => row.appointmentId === arjun.id)
      .map((row) => row.kind);
    expect(kinds.sort()).toEqual([
      "running_late_1_10m",
      "running_late_1_10m",
      "running_late_2_30m",
      "running_late_2_30m",
    ]);

    // Two presses before the outbox runs: only the later estimate goes out; the earlier one is withdrawn.
    messaging.clear();
    clock.advanceMinutes(1);
    await pressRunningLate(20);
    await pressRunningLate(45);
    await drainOutboxOf(t, clock.now);
    const latest = received();
    expect(latest.mails.map((mail) => /running about (\d+) minutes/.exec(mail.text)?.[1])).toEqual([
      "45",
      "45",
    ]);
    expect(latest.whatsapp.map((body) => parametersOf(body)?.[1])).toEqual(["45", "45"]);
    const replaced = (await runningLateRows()).filter((row) => row.kind.endsWith("_20m"));
    expect(replaced.map((row) => [row.status, row.lastError])).toEqual(
      Array(4).fill(["cancelled", "A later estimate of the delay replaced it"]),
    );
    expect(replaced.map((row) => row.appointmentId).sort()).toEqual(
      [arjun.id, arjun.id, kavya.id, kavya.id].sort(),
    );
  });

  it("tells nobody twice when the same estimate is pressed again within two minutes, at once or one after the other", async () => {
    await bookTheDay();
    const [first, ...repeats] = await Promise.all([
      pressRunningLate(20),
      pressRunningLate(20),
      pressRunningLate(20),
    ]);
    const answers = [first, ...repeats].map((response) => response.statusCode).sort();
    expect(answers).toEqual([200, 409, 409]);
    await drainOutboxOf(t, clock.now);
    clock.advanceMinutes(1);
    const again = await pressRunningLate(20);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      "You told these parents less than two minutes ago that you are running about 20 minutes late: they are not told twice.",
    );
    await drainOutboxOf(t, clock.now);
    const { mails, whatsapp } = received();
    expect(mails).toHaveLength(2);
    expect(whatsapp).toHaveLength(2);
    // Two minutes on, the same estimate is news again (she is still that late); another estimate is at once.
    expect((await pressRunningLate(30)).statusCode).toBe(200);
    clock.advanceMinutes(2);
    expect((await pressRunningLate(30)).statusCode).toBe(200);
  });

  it("does not send an estimate whose consultation is over by the time the outbox gets to it", async () => {
    await bookTheDay();
    await pressRunningLate(5);
    // 8:30 PM IST: Arjun's consultation would have ended by 8:05 even five minutes late, Kavya's by 8:25.
    clock.set(`${clock.now().toISOString().slice(0, 10)}T15:00:00Z`);
    await drainOutboxOf(t, clock.now);
    expect(received().mails).toEqual([]);
    expect(new Set((await runningLateRows()).map((row) => `${row.status} ${row.lastError}`))).toEqual(
      new Set(["cancelled The consultation's time has passed"]),
    );
  });

  it("answers 400 with a readable message for minutes outside 5 to 120 or not whole, and sends nothing", async () => {
    await bookTheDay();
    for (const minutes of [0, 4, 121, 12.5, "15", null, undefined]) {
      const response = await pressRunningLate(minutes);
      expect(response.statusCode, `${String(minutes)}: ${response.body}`).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(
        "Choose how late you are running: 5 to 120 whole minutes",
      );
    }
    expect(await runningLateRows()).toEqual([]);
  });

  it("tells nobody on a day with no consultation left, and answers 0", async () => {
    // The day after the last test day: only bookings of other days exist.
    clock.set(`${addDaysToDate(FIRST_DAY, 30)}T14:15:00Z`);
    await startSession();
    const before = (await runningLateRows()).length;
    const response = await pressRunningLate(15);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RunningLateResult>()).toEqual({ minutes: 15, notified: 0, appointments: [] });
    expect((await runningLateRows()).length).toBe(before);
  });

  it("answers only the doctor", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/admin/running-late",
      headers: { origin: TEST_SITE },
      payload: { minutes: 15 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ message: string }>().message).toBeTruthy();
  });
});
