import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminNotification, NotificationTestRecipients, NotificationTestResult } from "@shared/admin";
import { openDatabase } from "../../db/client";
import { appointments, outboxMessages } from "../../db/schema";
import { drainOutbox, RETRY_DELAYS_MINUTES } from "../../core/outbox/worker";
import { drainOutboxOf, silentLog } from "../../testing/app-jobs";
import { readableMail } from "../../testing/mime";
import { mailEnv, startSmtpStandIn } from "../../testing/smtp-stand-in";
import { seededDataDir } from "../../testing/seeded-data-dir";
import { useInSuite } from "../../testing/suite";
import { addDaysToDate } from "@shared/clinic-time";
import {
  bookAppointment,
  createTestApp,
  payOnSimulator,
  signInAsAdmin,
  TEST_SITE,
  testEngines,
  useSiteApp,
} from "../../testing/test-app";
import { createDeliver } from "./deliver";
import { receiveContactMessage } from "../contact/service";
import { claimDue } from "../../core/outbox/repository";

// The site's pages are at PUBLIC_BASE_URL, so that is the Origin the admin calls come with.
const origin = TEST_SITE;

describe.each(testEngines)("notifications through the outbox on %s", (engine) => {
  const smtp = useInSuite(startSmtpStandIn);
  // The folder the app writes to: where a channel that is not set up leaves its messages.
  const dataDir = mkdtempSync(join(tmpdir(), "clinic-outbox-"));
  const { clock, t } = useSiteApp(engine, "2026-11-21T10:00:00Z", () => ({
    env: { ...mailEnv(smtp), DATA_DIR: dataDir },
  }));
  const drain = () => drainOutboxOf(t, clock.now);
  const mailsAbout = (appointmentId: string) =>
    smtp.messages.filter((mail) => readableMail(mail.raw).includes(appointmentId.slice(0, 8)));
  const rowsOf = async (appointmentId: string) =>
    t.database.db.select().from(outboxMessages).where(eq(outboxMessages.appointmentId, appointmentId));

  beforeEach(() => {
    clock.set("2026-11-21T10:00:00Z");
    smtp.messages.length = 0;
  });

  let day = 0;
  /** Each call books 7:00 PM IST (13:30 UTC) on the next day from the 22nd on, so bookings never collide. */
  async function bookAndPay(): Promise<string> {
    const date = addDaysToDate("2026-11-22", day);
    day += 1;
    const booking = {
      patientName: "Ishaan Verma",
      patientEmail: "ishaan.parent@example.org",
      patientAge: 6,
      reasonForConsultation: "Murmur on check-up",
      appointmentDate: date,
    };
    const { id } = await bookAppointment(t.app, booking, `10.9.0.${day}`);
    await payOnSimulator(t.app, id);
    return id;
  }

  it("queues the confirmations and both reminders with the confirmation, and gives the booking a random room", async () => {
    const id = await bookAndPay();
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(appointment?.videoRoomId).toMatch(/^[0-9a-f]{32}$/);
    expect(appointment?.videoRoomId).not.toContain(id.replaceAll("-", "").slice(0, 8));
    const rows = await rowsOf(id);
    const summary = rows
      .map((row) => `${row.kind} ${row.channel} ${row.recipient} ${row.dueAt.toISOString()}`)
      .sort();
    expect(summary).toEqual([
      "confirmation email doctor 2026-11-21T10:00:00.000Z",
      "confirmation email patient 2026-11-21T10:00:00.000Z",
      "confirmation whatsapp doctor 2026-11-21T10:00:00.000Z",
      "confirmation whatsapp patient 2026-11-21T10:00:00.000Z",
      // 7:00 PM IST on the 22nd is 13:30 UTC: 24 hours and 30 minutes before it.
      "reminder_1440m email patient 2026-11-21T13:30:00.000Z",
      "reminder_1440m whatsapp patient 2026-11-21T13:30:00.000Z",
      "reminder_30m email patient 2026-11-22T13:00:00.000Z",
      "reminder_30m whatsapp patient 2026-11-22T13:00:00.000Z",
    ]);
  });

  it("e-mails the patient the room link and a calendar invite at 13:30Z, and the doctor the host link", async () => {
    const id = await bookAndPay();
    await drain();
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(appointment?.appointmentDate).toBe("2026-11-23");
    const toPatient = mailsAbout(id).find((mail) => mail.to.includes("ishaan.parent@example.org"));
    const toDoctor = mailsAbout(id).find((mail) => mail.to.includes("appointments@example.com"));
    const raw = readableMail(toPatient?.raw ?? "");
    expect(raw).toContain(`https://clinic.test/video-consultation/${appointment?.videoRoomId}`);
    expect(raw).toContain("METHOD:REQUEST");
    // 7:00 PM in India is 13:30 UTC.
    expect(raw).toContain("DTSTART:20261123T133000Z");
    expect(raw).toContain(id.slice(0, 8));
    expect(readableMail(toDoctor?.raw ?? "")).toContain(`?key=${appointment?.videoHostKey}`);
    const rows = await rowsOf(id);
    const confirmations = rows.filter((row) => row.kind === "confirmation");
    expect(confirmations.filter((row) => row.channel === "email").map((row) => row.status)).toEqual([
      "sent",
      "sent",
    ]);
    // WhatsApp is not configured here: the messages are kept as files for the deployer to read, a state of its own.
    const whatsapp = confirmations.filter((row) => row.channel === "whatsapp");
    expect(whatsapp.map((row) => row.status)).toEqual(["written_to_file", "written_to_file"]);
    expect(whatsapp.map((row) => row.lastError)).toEqual([
      "Written to file (WhatsApp not configured)",
      "Written to file (WhatsApp not configured)",
    ]);
    const files = readdirSync(join(dataDir, "outbox")).filter((name) => name.endsWith(".json"));
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(readFileSync(join(dataDir, "outbox", files[0] ?? ""), "utf8")).toContain('"type": "template"');
  });

  it("sends each message once, however often the worker runs", async () => {
    const id = await bookAndPay();
    await drain();
    await drain();
    clock.advanceMinutes(10);
    await drain();
    const toPatient = mailsAbout(id).filter((mail) => mail.to.includes("ishaan.parent@example.org"));
    expect(toPatient).toHaveLength(1);
  });

  it("sends reminders at their time, not before", async () => {
    const id = await bookAndPay();
    await drain();
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    const dayBefore = addDaysToDate(appointment?.appointmentDate ?? "", -1);
    const before = mailsAbout(id).length;
    clock.set(`${dayBefore}T13:29:00Z`);
    await drain();
    expect(mailsAbout(id).length).toBe(before);
    clock.set(`${dayBefore}T13:30:00Z`);
    await drain();
    expect(mailsAbout(id).length).toBe(before + 1);
    const reminder = (await rowsOf(id)).find(
      (row) => row.kind === "reminder_1440m" && row.channel === "email",
    );
    expect(reminder).toMatchObject({ status: "sent", sentAt: new Date(`${dayBefore}T13:30:00Z`) });
  });

  it("retries a refused e-mail after 1, 5, 30, 120 and 120 minutes, then marks it failed", async () => {
    const id = await bookAndPay();
    smtp.refuseNext(100, 451, "Try again later");
    const emailRow = async () =>
      (await rowsOf(id)).find(
        (row) => row.kind === "confirmation" && row.channel === "email" && row.recipient === "patient",
      );
    await drain();
    let row = await emailRow();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toContain("451");
    for (const [index, minutes] of RETRY_DELAYS_MINUTES.entries()) {
      expect((row?.dueAt.getTime() ?? 0) - clock.now().getTime()).toBe(minutes * 60_000);
      clock.advanceMinutes(minutes - 1);
      await drain();
      expect((await emailRow())?.attempts).toBe(index + 1);
      clock.advanceMinutes(1);
      await drain();
      row = await emailRow();
    }
    expect(row).toMatchObject({ status: "failed", attempts: 6 });
    smtp.refuseNext(0);
  });

  it("recovers from a refusal: the retry a minute later delivers", async () => {
    const id = await bookAndPay();
    smtp.refuseNext(2, 421, "Service not available");
    await drain();
    clock.advanceMinutes(1);
    await drain();
    const rows = (await rowsOf(id)).filter((row) => row.kind === "confirmation" && row.channel === "email");
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  it("sends nothing more for a cancelled appointment", async () => {
    const id = await bookAndPay();
    await drain();
    await t.database.db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, id));
    clock.set("2026-12-31T00:00:00Z");
    const before = mailsAbout(id).length;
    await drain();
    expect(mailsAbout(id).length).toBe(before);
    const reminders = (await rowsOf(id)).filter((row) => row.kind.startsWith("reminder"));
    expect(reminders.every((row) => row.status === "cancelled")).toBe(true);
  });

  it("takes over rows a dead worker had claimed once their lock lapses", async () => {
    const id = await bookAndPay();
    const claimed = await claimDue(
      t.database.db,
      clock.now(),
      new Date(clock.now().getTime() + 5 * 60_000),
      100,
    );
    expect(claimed.length).toBeGreaterThan(0);
    await drain();
    expect(mailsAbout(id)).toHaveLength(0);
    clock.advanceMinutes(6);
    await drain();
    expect(mailsAbout(id)).toHaveLength(2);
  });

  it("e-mails contact-form messages to the doctor, replying to the sender", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        name: "Farah Khan",
        email: "farah@example.org",
        phone: "",
        subject: "Second opinion",
        message: "Can you review an echo report?",
        source: "contact-page",
      },
    });
    expect(response.statusCode).toBe(201);
    await drain();
    const mail = smtp.messages.find((message) => readableMail(message.raw).includes("Second opinion"));
    expect(mail?.to).toEqual(["appointments@example.com"]);
    expect(mail?.raw).toMatch(/Reply-To: .*farah@example.org/);
  });

  it("tests an appointment's notifications right away and reports each channel", async () => {
    clock.advanceMinutes(1);
    const id = await bookAndPay();
    await drain();
    const cookie = await signInAsAdmin(t.app, { origin });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/test-notifications/${id}`,
      payload: {},
      headers: { cookie, origin },
    });
    const result = response.json<NotificationTestResult>();
    expect(result.videoRoom).toEqual({ success: true });
    expect(result.emailPatient).toEqual({ success: true, delivery: "sent", to: "ishaan.parent@example.org" });
    expect(result.emailDoctor).toEqual({ success: true, delivery: "sent", to: "appointments@example.com" });
    // A channel that is not set up writes the message to a file: a success of its own kind, with no server path.
    expect(result.whatsappPatient).toEqual({
      success: true,
      delivery: "written_to_file",
      to: "+919845012345",
      note: "Written to file (WhatsApp not configured)",
    });
    expect(JSON.stringify(result)).not.toContain(dataDir);

    // Before sending, the doctor can see whom a test reaches and how each channel is set up.
    const recipients = await t.app.inject({
      method: "GET",
      url: `/api/test-notifications/${id}`,
      headers: { cookie },
    });
    expect(recipients.json<NotificationTestRecipients>()).toEqual({
      appointmentId: id,
      bookingId: id.slice(0, 8),
      patientName: "Ishaan Verma",
      status: "confirmed",
      patient: { email: "ishaan.parent@example.org", whatsapp: "+919845012345" },
      doctor: { email: "appointments@example.com", whatsapp: expect.stringMatching(/^\+\d+$/) as string },
      channels: { email: "configured", whatsapp: "file" },
    });

    // "Send to me": the patient's messages reach the doctor's own address and number instead of the patient's.
    smtp.messages.length = 0;
    const toMe = await t.app.inject({
      method: "POST",
      url: `/api/test-notifications/${id}`,
      payload: { sendTo: "doctor" },
      headers: { cookie, origin },
    });
    const mine = toMe.json<NotificationTestResult>();
    expect(mine.emailPatient).toMatchObject({ success: true, to: "appointments@example.com" });
    expect(mine.whatsappPatient.to).toBe(mine.whatsappDoctor.to);
    expect(smtp.messages.flatMap((mail) => mail.to)).toEqual([
      "appointments@example.com",
      "appointments@example.com",
    ]);
    expect(
      smtp.messages.some((mail) => readableMail(mail.raw).includes("Your video consultation is confirmed")),
    ).toBe(true);

    const list = await t.app.inject({ method: "GET", url: "/api/admin/notifications", headers: { cookie } });
    const { notifications } = list.json<{ notifications: AdminNotification[] }>();
    expect(notifications.length).toBeLessThanOrEqual(20);
    const skipped = notifications.find((notification) => notification.status === "written_to_file");
    expect(skipped).toBeDefined();
    // Ten retries of one message at once: exactly one puts it back in the queue, the others are told it is pending.
    const retries = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: "POST",
          url: `/api/admin/notifications/${skipped?.id}/retry`,
          payload: {},
          headers: { cookie, origin },
        }),
      ),
    );
    expect(retries.map((response) => response.statusCode).sort()).toEqual([
      200,
      ...Array<number>(9).fill(409),
    ]);
    const retried = retries.find((response) => response.statusCode === 200);
    expect(retried?.json<{ notification: AdminNotification }>().notification).toMatchObject({
      status: "pending",
      attempts: 0,
    });
    const sent = notifications.find((notification) => notification.status === "sent");
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/admin/notifications/${sent?.id}/retry`,
      payload: {},
      headers: { cookie, origin },
    });
    expect(refused.statusCode).toBe(409);
  });
});

/**
 * Enough messages that two workers draining at once overlap several times (each claims ten rows at a time), few enough
 * that composing them does not dominate the run.
 */
const RACED_MESSAGES = 60;

describe.each(testEngines)("two outbox workers on %s", (engine) => {
  it(`send ${RACED_MESSAGES} messages between them with no duplicate`, async () => {
    const smtp = await startSmtpStandIn();
    const t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } });
    // A second connection to the same database, as a second server instance would have.
    const second = t.database.url ? await openDatabase({ url: t.database.url, poolSize: 5 }) : t.database;
    const now = new Date();
    for (let i = 0; i < RACED_MESSAGES; i++) {
      await receiveContactMessage(
        t.database.db,
        {
          name: `Sender ${i}`,
          email: `s${i}@example.org`,
          phone: "",
          subject: "",
          message: `Message number ${i}.`,
          source: "home",
          website: "",
        },
        now,
      );
    }
    const deliver = createDeliver(t.app.messaging);
    const clock = () => new Date(now.getTime() + 1000);
    const [first, other] = await Promise.all([
      drainOutbox(t.database.db, deliver, clock, silentLog),
      drainOutbox(second.db, deliver, clock, silentLog),
    ]);
    expect(first + other).toBe(RACED_MESSAGES);
    if (t.database.engine === "postgres") expect(Math.min(first, other)).toBeGreaterThan(0);
    const numbers = smtp.messages.map((mail) => /Message number (\d+)\./.exec(readableMail(mail.raw))?.[1]);
    expect(numbers).toHaveLength(RACED_MESSAGES);
    expect(new Set(numbers).size).toBe(RACED_MESSAGES);
    const statuses = await t.database.db.select({ status: outboxMessages.status }).from(outboxMessages);
    expect(statuses.every((row) => row.status === "sent")).toBe(true);
    if (second !== t.database) await second.close();
    await t.close();
    await smtp.close();
  });
});

describe("a restart in the middle of the queue", () => {
  it("loses nothing: rows written before the restart are sent after it", async () => {
    const smtp = await startSmtpStandIn();
    const dataDir = seededDataDir("clinic-restart-");
    const first = await openDatabase({ dataDir });
    await first.migrate();
    const now = new Date("2026-11-21T10:00:00Z");
    // Contact messages stored, then the process stops before the worker ran.
    for (let i = 0; i < 3; i++) {
      await receiveContactMessage(
        first.db,
        {
          name: `N${i}`,
          email: `n${i}@example.org`,
          phone: "",
          subject: "",
          message: `Before restart ${i}`,
          source: "home",
          website: "",
        },
        now,
      );
    }
    await first.close();

    const reopened = await openDatabase({ dataDir });
    await reopened.migrate();
    const t2 = await createTestApp("pglite", { env: { SMTP_URL: smtp.url } });
    const deliver = createDeliver({ ...t2.app.messaging, db: reopened.db });
    expect(await drainOutbox(reopened.db, deliver, () => new Date(now.getTime() + 1000), silentLog)).toBe(3);
    expect(smtp.messages.filter((mail) => readableMail(mail.raw).includes("Before restart"))).toHaveLength(3);
    await reopened.close();
    await t2.close();
    await smtp.close();
  });
});
