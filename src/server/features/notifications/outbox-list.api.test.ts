import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OutboxList, OutboxListEntry } from "@shared/admin";
import { addDaysToDate } from "@shared/clinic-time";
import { accessLog, appointments, outboxMessages } from "../../db/schema";
import { drainOutboxOf } from "../../testing/app-jobs";
import { startMessagingStandIns } from "../../testing/messaging-stand-ins";
import { useInSuite } from "../../testing/suite";
import { bookingFor, bookPaidAppointment, testEngines, useSiteApp } from "../../testing/test-app";

/**
 * The dashboard's outbox, as the doctor looks for what went wrong: every message that fails, not only among the
 * latest 20, by what became of it, a page at a time, found by the patient's name or the booking id. And phones
 * stored before numbers were kept in E.164 still reach WhatsApp, or fail there in plain words.
 */
describe.each(testEngines)("the outbox list on %s", (engine) => {
  const messaging = useInSuite(startMessagingStandIns);
  const { clock, t, signIn, doctorHeaders } = useSiteApp(engine, "2026-11-21T10:00:00Z", () => ({
    env: messaging.env,
  }));
  let cookie = "";
  let booked = 0;
  /** Each booking is 7:00 PM IST on a day of its own, from an address of its own. */
  const book = async (patientName: string) => {
    booked += 1;
    const date = addDaysToDate("2026-11-22", booked);
    return bookPaidAppointment(
      t.app,
      bookingFor(patientName, { appointmentDate: date }),
      `10.66.0.${booked}`,
    );
  };
  const drain = () => drainOutboxOf(t, clock.now);
  const list = async (query = "") => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/notifications${query}`,
      headers: doctorHeaders(cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OutboxList>();
  };
  /** Every page of a list, followed to its end. */
  const everyPage = async (query: string) => {
    const all: OutboxListEntry[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await list(`?${query}&page=${page}`);
      all.push(...answer.notifications);
      if (!answer.hasMore) return all;
    }
  };

  let failing = { id: "", bookingId: "" };

  beforeAll(async () => {
    cookie = await signIn();
    // A booking made before phones were checked as mobile numbers: its row keeps what was typed.
    const { id } = await book("Oldrow Fernandes");
    await t.database.db
      .update(appointments)
      .set({ patientPhone: "1234567890" })
      .where(eq(appointments.id, id));
    failing = { id, bookingId: id.slice(0, 8) };
    // Then enough bookings that its messages are far from the latest 20.
    for (const name of ["Anika Rao", "Bela Shah", "Chirag Menon", "Devika Iyer", "Eshan Gupta"])
      await book(name);
    await drain();
  });

  it("lists the latest 20 by default, and pages through every message once, newest first", async () => {
    const first = await list();
    expect(first.notifications).toHaveLength(20);
    expect(first).toMatchObject({ page: 1, hasMore: true });
    const { sent, writtenToFile, failing: failed, waiting, notSent } = first.summary;
    const counted = sent + writtenToFile + failed + waiting + notSent;
    expect(first.total).toBe(counted);
    expect(first.notifications.some((message) => message.bookingId === failing.bookingId)).toBe(false);

    const all = await everyPage("status=all");
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((message) => message.id)).size).toBe(first.total);
    expect(all.slice(0, 20).map((message) => message.id)).toEqual(first.notifications.map((m) => m.id));
    const created = all.map((message) => Date.parse(message.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // Each message says whose it is.
    expect(all.find((message) => message.bookingId === failing.bookingId)?.name).toBe("Oldrow Fernandes");
  });

  it("finds the failing message among all of them, with WhatsApp's refusal, and offers nothing else", async () => {
    const answer = await list("?status=failing");
    expect(answer).toMatchObject({ total: 1, hasMore: false, page: 1 });
    expect(answer.summary.failing).toBe(1);
    const [message] = answer.notifications;
    expect(message).toMatchObject({
      bookingId: failing.bookingId,
      name: "Oldrow Fernandes",
      kind: "confirmation",
      channel: "whatsapp",
      recipient: "patient",
      status: "failed",
    });
    expect(message?.lastError).toBe(
      "The phone number 1234567890 is not a mobile number, so WhatsApp cannot reach it: ask the parent for their mobile number",
    );
  });

  it("counts the same messages in each filter as the summary does", async () => {
    const { summary } = await list();
    const filters = {
      failing: summary.failing,
      waiting: summary.waiting,
      sent: summary.sent,
      written_to_file: summary.writtenToFile,
      not_sent: summary.notSent,
    };
    // The reminders wait; everything else went out, but the failing one.
    expect(summary.waiting).toBeGreaterThan(0);
    expect(summary.sent).toBeGreaterThan(20);
    for (const [status, count] of Object.entries(filters)) {
      const all = await everyPage(`status=${status}`);
      expect(all, status).toHaveLength(count);
      expect((await list(`?status=${status}`)).total, status).toBe(count);
    }
    const waiting = await everyPage("status=waiting");
    expect(
      waiting.every((message) => message.status === "pending" && message.kind.startsWith("reminder_")),
    ).toBe(true);
  });

  it("finds a booking's messages by the patient's or the parent's name, in any case, or by its booking id", async () => {
    const ofBooking = async (query: string) =>
      (await everyPage(`q=${encodeURIComponent(query)}`)).map((m) => m.id);
    const byName = await ofBooking("oldrow fern");
    expect(byName).toHaveLength(8);
    expect(await ofBooking(`#${failing.bookingId}`)).toEqual(byName);
    expect(await ofBooking(failing.bookingId.toUpperCase())).toEqual(byName);
    expect(await ofBooking(failing.bookingId.slice(0, 5))).toEqual(expect.arrayContaining(byName));
    // Every booking here was made by "Lakshmi Iyer", the parent of bookingFor.
    expect((await list("?q=LAKSHMI")).total).toBe(6 * 8);
    // Searched within a filter; wildcards are searched for as text.
    const failingOnly = await list(`?status=failing&q=${failing.bookingId}`);
    expect(failingOnly.notifications.map((m) => m.status)).toEqual(["failed"]);
    expect((await list("?status=failing&q=anika")).total).toBe(0);
    expect((await list("?q=%25")).total).toBe(0);
  });

  it("writes each look at the list to the access log, without the search words", async () => {
    await list("?status=failing&q=Oldrow");
    const [row] = await t.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.recordType, "message_list"))
      .orderBy(sql`${accessLog.id} desc`)
      .limit(1);
    expect(row).toMatchObject({
      action: "view",
      recordId: "failing page 1",
      detail: "searched the messages",
    });
    expect(JSON.stringify(row)).not.toMatch(/oldrow/i);
  });

  it("refuses a filter or page it does not know with a readable message", async () => {
    const ask = (query: string) =>
      t.app.inject({ method: "GET", url: `/api/admin/notifications${query}`, headers: { cookie } });
    const unknown = await ask("?status=broken");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/^Choose which messages to show/);
    expect((await ask("?page=0")).statusCode).toBe(400);
    expect((await ask(`?q=${"x".repeat(101)}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/notifications" })).statusCode).toBe(401);
  });

  it("sends WhatsApp to a phone stored as typed before numbers were kept in E.164, and keeps new ones in E.164", async () => {
    messaging.clear();
    const { id } = await book("Typed Kapoor");
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.patientPhone).toBe("+919845012345");
    // An earlier row: the number as the parent typed it.
    await t.database.db
      .update(appointments)
      .set({ patientPhone: "098450-12345" })
      .where(eq(appointments.id, id));
    await drain();
    const sent = messaging.whatsapp.requests
      .filter((request) => request.path.endsWith("/messages"))
      .map((request) => (request.body as { to: string }).to);
    // Meta takes the number without its "+".
    expect(sent).toContain("919845012345");
    const rows = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.appointmentId, id),
          eq(outboxMessages.channel, "whatsapp"),
          eq(outboxMessages.recipient, "patient"),
          eq(outboxMessages.kind, "confirmation"),
        ),
      );
    expect(rows.map((message) => message.status)).toEqual(["sent"]);
  });
});
