import { describe, expect, it } from "vitest";
import type { AdminAppointment } from "@shared/admin";
import type { ManageView } from "@shared/manage";
import {
  bookPaidAppointment,
  signInAsAdmin,
  testClock,
  testEngines,
  useTestApp,
} from "../../testing/test-app";

/** Three days before the bookings' day (23 November 2026), whose evening has six times from 7:00 PM. */
const START = "2026-11-20T10:00:00+05:30";
const TIMES = ["19:00", "19:20", "19:40", "20:00", "20:20", "20:40"];

/**
 * The language a booking was made in is kept with it, for its messages and documents; the parent may change it
 * through the manage link. Anything that is not one of the site's languages never stops a booking.
 */
describe.each(testEngines)("the booking's language on %s", (engine) => {
  const clock = testClock(START);
  const t = useTestApp(engine, () => ({ now: clock.now }));
  let taken = 0;
  /** Books and pays the next free time of the day. */
  const book = (changes: Record<string, unknown> = {}) =>
    bookPaidAppointment(t.app, { appointmentTime: TIMES[taken++], ...changes });

  const view = async (token: string) =>
    (await t.app.inject({ method: "GET", url: `/api/manage/${token}` })).json<ManageView>().appointment;
  const asDoctor = async (id: string) => {
    const cookie = await signInAsAdmin(t.app);
    const answer = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${id}`,
      headers: { cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ appointment: AdminAppointment } | AdminAppointment>();
  };
  const languageOf = (shown: { appointment: AdminAppointment } | AdminAppointment) =>
    "appointment" in shown ? shown.appointment.language : shown.language;

  it("keeps the language the booking was made in, and shows it to the parent and the doctor", async () => {
    const { id, token } = await book({ language: "kn" });
    expect((await view(token)).language).toBe("kn");
    expect(languageOf(await asDoctor(id))).toBe("kn");
  });

  it("books in English when the booking names no language, or one the site does not have", async () => {
    for (const language of [undefined, "fr", 42, "KN"]) {
      const { token } = await book(language === undefined ? {} : { language });
      expect((await view(token)).language, String(language)).toBe("en");
    }
  });

  it("lets the parent change it through the manage link, and refuses anything else with a readable message", async () => {
    const { token } = await book({ language: "hi" });
    const changed = await t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/language`,
      payload: { language: "kn" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ManageView>().appointment.language).toBe("kn");
    expect((await view(token)).language).toBe("kn");

    for (const payload of [{ language: "fr" }, {}, { language: "KN" }]) {
      const refused = await t.app.inject({ method: "POST", url: `/api/manage/${token}/language`, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain("Choose English, Hindi or Kannada");
    }
    // A NUL is refused before the route, with the site's own words for it.
    const withNul = await t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/language`,
      payload: { language: "kn\u0000" },
    });
    expect(withNul.statusCode).toBe(400);
    expect((await view(token)).language).toBe("kn");

    const unknown = await t.app.inject({
      method: "POST",
      url: `/api/manage/${"A".repeat(43)}/language`,
      payload: { language: "hi" },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
