import { describe, expect, it } from "vitest";
import type { AdminCalendar, CalendarSlot } from "@shared/console";
import { accessLogEntries, testEngines, useSiteApp } from "../../testing/test-app";

/**
 * The console's calendar through the API: every slot of the doctor's hours on each date, free, held for a payment,
 * booked or blocked (with the entry that frees it), leave over a whole day, and a range it refuses.
 */
// Saturday 21 Nov 2026, 3:30 PM IST.
const START = "2026-11-21T10:00:00Z";

const summary = (slot: CalendarSlot) =>
  slot.state === "booked" || slot.state === "held"
    ? `${slot.time} ${slot.state} ${slot.appointment.patientName}`
    : slot.state === "blocked"
      ? `${slot.time} blocked ${slot.note}`
      : `${slot.time} free`;

describe.each(testEngines)("the doctor's calendar (%s)", (engine) => {
  const { clock, t, signIn, doctorHeaders, bookPaid, bookHeld } = useSiteApp(engine, START);
  const asDoctor = async (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: doctorHeaders(await signIn()),
      ...(payload ? { payload } : {}),
    });
  const calendar = async (query: string) => {
    const response = await asDoctor("GET", `/api/admin/calendar?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminCalendar>();
  };
  /** Adds an entry to the schedule (a blocked time, leave), which must be taken. */
  const addException = async (exception: object) => {
    const added = await asDoctor("POST", "/api/admin/schedule/exceptions", exception);
    expect(added.statusCode, added.body).toBe(201);
  };
  /** The calendar refuses the range with a 400 and a message; answers the message. */
  const refusedRange = async (query: string) => {
    const response = await asDoctor("GET", `/api/admin/calendar?${query}`);
    expect(response.statusCode, query).toBe(400);
    return response.json<{ message: string }>().message;
  };

  it("shows each slot free, held, booked or blocked, and leave over the whole day", async () => {
    const paid = await bookPaid("Meera Pillai");
    await bookHeld("Kavya Nair", { appointmentTime: "19:20" });
    await addException({ kind: "block", date: "2026-11-23", time: "19:40", note: "Ward round" });
    await addException({ kind: "leave", startsOn: "2026-11-25", endsOn: "2026-11-25", note: "Conference" });

    // Leave taken over a day that already has a booking: the booking keeps its place in the calendar.
    const kept = await bookPaid("Ishaan Das", { appointmentDate: "2026-11-26" });
    await addException({
      kind: "leave",
      startsOn: "2026-11-26",
      endsOn: "2026-11-26",
      note: "Travel",
      acknowledgedAppointmentIds: [kept.id],
    });
    const thursday = (await calendar("from=2026-11-26&days=1")).days[0];
    expect(thursday?.leave?.note).toBe("Travel");
    expect(thursday?.slots.map(summary)).toEqual(["19:00 booked Ishaan Das"]);

    const week = await calendar("from=2026-11-23&days=3");
    expect(week.today).toBe("2026-11-21");
    expect(week.from).toBe("2026-11-23");
    expect(week.days.map((day) => day.date)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25"]);
    const [monday, tuesday, wednesday] = week.days;
    expect(monday?.slots.map(summary)).toEqual([
      "19:00 booked Meera Pillai",
      "19:20 held Kavya Nair",
      "19:40 blocked Ward round",
      "20:00 free",
      "20:20 free",
      "20:40 free",
    ]);
    const booked = monday?.slots[0];
    expect(booked?.state === "booked" && booked.appointment.id).toBe(paid.id);
    expect(monday?.slots.every((slot) => !slot.past && slot.durationMinutes === 20)).toBe(true);
    expect(tuesday?.slots.map(summary).every((text) => text.endsWith("free"))).toBe(true);
    expect(wednesday?.leave?.note).toBe("Conference");
    expect(wednesday?.slots).toEqual([]);

    // The blocked time is freed through its own entry.
    const blocked = monday?.slots[2];
    const exceptionId = blocked?.state === "blocked" ? blocked.exceptionId : null;
    expect(exceptionId).toBeTruthy();
    const freed = await asDoctor("DELETE", `/api/admin/schedule/exceptions/${exceptionId}`);
    expect(freed.statusCode, freed.body).toBe(200);
    expect((await calendar("from=2026-11-23&days=1")).days[0]?.slots.map(summary)[2]).toBe("19:40 free");
  });

  it("marks the times already gone on today's date", async () => {
    clock.set("2026-11-23T14:00:00Z"); // 7:30 PM IST
    const [today] = (await calendar("from=2026-11-23&days=1")).days;
    expect(today?.slots.map((slot) => [slot.time, slot.past])).toEqual([
      ["19:00", true],
      ["19:20", true],
      ["19:40", false],
      ["20:00", false],
      ["20:20", false],
      ["20:40", false],
    ]);
    clock.set(START);
  });

  it("starts on the Monday of the clinic's week when no date is named", async () => {
    const week = await calendar("");
    expect(week.from).toBe("2026-11-16");
    expect(week.days.map((day) => day.date)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    // Saturday's 7:00 PM is still to come at 3:30 PM; Friday's is gone.
    expect(week.days[5]?.slots[0]?.past).toBe(false);
    expect(week.days[4]?.slots[0]?.past).toBe(true);
  });

  it("writes each look at the calendar to the access log", async () => {
    await calendar("from=2026-11-23");
    const [latest] = await accessLogEntries(t.app, doctorHeaders(await signIn()));
    expect(latest).toMatchObject({
      recordId: "calendar",
      detail: "viewed the calendar from 2026-11-23",
    });
  });

  it("refuses a range it cannot show with a readable 400", async () => {
    for (const query of [
      "from=2026-02-30",
      "from=23-11-2026",
      "from=2026-11-23&days=15",
      "from=2026-11-23&days=0",
      "days=x",
      // The range would end after 9999-12-31.
      "from=9999-12-31",
      "from=9999-12-25&days=14",
    ])
      expect(await refusedRange(query), query).toBeTruthy();
    // A count given twice, or not in digits, is refused in words, never "expected number, received NaN".
    for (const query of ["days=14&days=1", "days=true", "days=0x0e", "days=1e1", "days=7.5"])
      expect(await refusedRange(query), query).toBe("Give the number of days once, in digits, from 1 to 14");
  });
});
