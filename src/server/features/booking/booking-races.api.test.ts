import { describe, expect, it } from "vitest";
import type { CreatedAppointment } from "@shared/booking";
import { bookingFor, testClock, testEngines, useTestApp } from "../../testing/test-app";

/**
 * Bookings racing over lapsed holds: two requests that each replace a hold lapsed on the other's time both release
 * one and insert where the other released, which PostgreSQL can break off as a deadlock. 10:00 UTC is 3:30 PM in
 * India; tomorrow is 2026-11-22.
 */
const clock = testClock("2026-11-21T10:00:00Z");

/** One parent, the same phone and e-mail on every booking: each replaces a hold of their own. */
const parent = bookingFor("Aarav Mehta");

describe.each(testEngines)("booking races on %s", (engine) => {
  const t = useTestApp(engine, { env: { BOOKINGS_PER_HOUR_PER_ADDRESS: "100000" }, now: clock.now });
  let address = 0;
  const from = () => `10.7.0.${++address}`;
  const book = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/appointments", payload, remoteAddress: from() });

  it("two parents' bookings that each replace a lapsed hold on the other's slot never answer 500", async () => {
    const dates = ["2026-11-22", "2026-11-23"];
    const statuses: number[] = [];
    const booked: number[] = [];
    for (const date of dates) {
      clock.set("2026-11-21T10:00:00Z");
      const x = (await book({ ...parent, appointmentDate: date, appointmentTime: "19:00" })).json<{
        appointment: CreatedAppointment;
      }>().appointment;
      const y = (await book({ ...parent, appointmentDate: date, appointmentTime: "19:20" })).json<{
        appointment: CreatedAppointment;
      }>().appointment;
      // Both holds lapse; the sweeper has not marked them yet.
      clock.advanceMinutes(16);
      const [a, b] = await Promise.all([
        book({ ...parent, appointmentDate: date, appointmentTime: "19:20", replacesAppointmentId: x.id }),
        book({ ...parent, appointmentDate: date, appointmentTime: "19:00", replacesAppointmentId: y.id }),
      ]);
      statuses.push(a.statusCode, b.statusCode);
      booked.push([a, b].filter((answer) => answer.statusCode === 201).length);
      for (const answer of [a, b].filter((one) => one.statusCode !== 201))
        expect(answer.json<{ message: string }>().message).toMatch(/try again|another time|booked/i);
    }
    clock.set("2026-11-21T10:00:00Z");
    // Each is a 201 or a readable 409, never a 500; a deadlock is run again, so both usually book.
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(booked.every((count) => count >= 1)).toBe(true);
  });
});
