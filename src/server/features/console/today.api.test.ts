import { describe, expect, it } from "vitest";
import type { AdminToday } from "@shared/console";
import { uploadReport } from "../../testing/multipart";
import { accessLogEntries, testEngines, useSiteApp } from "../../testing/test-app";

/**
 * The console's Today page through the API: the doctor's consultations of the clinic's day in time order, with the
 * reports each parent sent and the times she closed, and nothing of another day or of a hold not paid for.
 */
// Saturday 21 Nov 2026, 3:30 PM IST: the bookings are made two days ahead.
const BOOKED_AT = "2026-11-21T10:00:00Z";
// Monday 23 Nov 2026, 6:00 PM IST: the day itself.
const ON_THE_DAY = "2026-11-23T12:30:00Z";
const samplePdf = Buffer.concat([
  Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "latin1"),
  Buffer.alloc(2000, 32),
]);

describe.each(testEngines)("the doctor's day (%s)", (engine) => {
  const { clock, t, signIn, doctorHeaders, nextAddress, bookPaid, bookHeld } = useSiteApp(engine, BOOKED_AT);

  const today = async (cookie: string) => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/today",
      headers: doctorHeaders(cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminToday>();
  };
  /** Adds an entry to the schedule (a blocked time, leave), which must be taken. */
  const addException = async (cookie: string, exception: object) => {
    const added = await t.app.inject({
      method: "POST",
      url: "/api/admin/schedule/exceptions",
      headers: doctorHeaders(cookie),
      payload: exception,
    });
    expect(added.statusCode, added.body).toBe(201);
  };

  it("lists the day's paid consultations in time order, with their reports, links and the blocked times", async () => {
    const cookie = await signIn();
    const later = await bookPaid("Arjun Rao", {
      appointmentTime: "19:20",
      patientAge: 0,
      patientAgeMonths: 7,
    });
    const first = await bookPaid("Meera Pillai");
    // A hold never paid for, and a consultation of the next day: neither is part of Monday.
    await bookHeld("Kavya Nair", { appointmentTime: "20:00" });
    await bookPaid("Ishaan Das", { appointmentDate: "2026-11-24" });
    await uploadReport(t.app, later.token, "echo.pdf", samplePdf, nextAddress());
    await addException(cookie, { kind: "block", date: "2026-11-23", time: "19:40", note: "Hospital round" });

    clock.set(ON_THE_DAY);
    const day = await today(await signIn());
    expect(day.date).toBe("2026-11-23");
    expect(day.now).toBe(new Date(ON_THE_DAY).toISOString());
    expect(
      day.consultations.map((c) => [c.appointment.id, c.appointment.appointmentTime, c.reportCount]),
    ).toEqual([
      [first.id, "19:00", 0],
      [later.id, "19:20", 1],
    ]);
    const [meera, arjun] = day.consultations;
    expect(meera?.startsAt).toBe("2026-11-23T13:30:00.000Z");
    expect(meera?.endsAt).toBe("2026-11-23T13:50:00.000Z");
    expect(arjun?.appointment).toMatchObject({
      patientName: "Arjun Rao",
      patientAge: 0,
      patientAgeMonths: 7,
      reasonForConsultation: "Breathless when feeding",
      status: "confirmed",
      paymentStatus: "paid",
    });
    expect(arjun?.appointment.videoHostUrl).toMatch(/^https:\/\/clinic\.test\/video-consultation\//);
    expect(day.closures).toEqual([{ kind: "blocked", time: "19:40", note: "Hospital round" }]);
    expect(day.ownHours).toBeNull();

    // The next day is Ishaan's alone.
    clock.set("2026-11-24T03:00:00Z");
    const tuesday = await today(await signIn());
    expect(tuesday.consultations.map((c) => c.appointment.patientName)).toEqual(["Ishaan Das"]);
    expect(tuesday.closures).toEqual([]);
  });

  it("shows the whole day as leave when the doctor is away", async () => {
    clock.set(BOOKED_AT);
    const cookie = await signIn();
    await addException(cookie, {
      kind: "leave",
      startsOn: "2026-11-26",
      endsOn: "2026-11-26",
      note: "Conference",
    });
    clock.set("2026-11-26T04:00:00Z");
    expect((await today(await signIn())).closures).toEqual([{ kind: "leave", note: "Conference" }]);
  });

  it("writes a look at the day to the access log, once in ten minutes however often an open page refreshes it", async () => {
    const cookie = await signIn();
    const dayViews = async () =>
      (await accessLogEntries(t.app, doctorHeaders(cookie))).filter(
        (entry) => entry.recordId === "today" && entry.detail === "viewed the day",
      ).length;
    const before = await dayViews();
    await today(cookie);
    expect(await dayViews()).toBe(before + 1);
    // The page's refreshes every 20 seconds for nine minutes: no new row.
    for (let beat = 0; beat < 27; beat++) {
      clock.advanceMinutes(1 / 3);
      await today(cookie);
    }
    expect(await dayViews()).toBe(before + 1);
    clock.advanceMinutes(2);
    await today(cookie);
    expect(await dayViews()).toBe(before + 2);
    // Another sign-in's look is its own.
    await today(await signIn());
    expect(await dayViews()).toBe(before + 3);
  });

  it("answers only the doctor", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/today" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ message: string }>().message).toBeTruthy();
  });
});
