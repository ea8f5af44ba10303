import { describe, expect, it } from "vitest";
import type { AdminToday } from "@shared/console";
import type { PatientRecord } from "@shared/patients";
import type { PrescriptionTemplates } from "@shared/prescription";
import type { PresenceAnswer } from "@shared/video";
import { uploadReport } from "../../testing/multipart";
import { accessLogEntries, sampleMedicine, TEST_SITE, testEngines, useSiteApp } from "../../testing/test-app";

/**
 * The consultation workspace through the API: the patient record beside the call, a report viewed in place, her
 * prescription templates and favourite medicines, the follow-up, and the presence the parent's waiting room and the
 * doctor's page keep (which another family's link cannot fake).
 */
const BOOKED_AT = "2026-11-21T10:00:00Z";
// Monday 23 Nov 2026, 7:05 PM IST: five minutes into Meera's consultation; its room is open.
const DURING = "2026-11-23T13:35:00Z";
const samplePdf = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n", "latin1"), Buffer.alloc(1500, 32)]);

describe.each(testEngines)("the consultation workspace (%s)", (engine) => {
  const { clock, t, signIn, doctorHeaders, nextAddress, bookPaid } = useSiteApp(engine, BOOKED_AT);
  const admin = doctorHeaders;

  async function roomOf(cookie: string, id: string) {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${id}`,
      headers: admin(cookie),
    });
    const host = new URL(response.json<{ appointment: { videoHostUrl: string } }>().appointment.videoHostUrl);
    return { roomId: host.pathname.split("/").at(-1) ?? "", hostKey: host.searchParams.get("key") ?? "" };
  }

  const beat = (roomId: string, payload: object) =>
    t.app.inject({
      method: "POST",
      url: `/api/video-room/${roomId}/presence`,
      headers: { origin: TEST_SITE },
      remoteAddress: nextAddress(),
      payload,
    });

  it("keeps the parent's presence in the waiting room, shows it on Today, and refuses another family's link", async () => {
    clock.set(BOOKED_AT);
    const meera = await bookPaid("Meera Pillai");
    const other = await bookPaid("Kabir Shah", { appointmentTime: "19:20" });
    const cookie = await signIn();
    const room = await roomOf(cookie, meera.id);
    const otherRoom = await roomOf(cookie, other.id);

    // Before the window: no presence is kept.
    expect((await beat(room.roomId, {})).statusCode).toBe(409);

    clock.set(DURING);
    const cookieNow = await signIn();
    const parent = await beat(room.roomId, {});
    expect(parent.statusCode, parent.body).toBe(200);
    expect(parent.json<PresenceAnswer>()).toMatchObject({
      doctorPresent: false,
      parentPresent: true,
      parentSince: null,
    });
    // Another family's manage token or room, a made-up room, or the wrong host key shows nobody in Meera's room.
    expect((await beat(other.token, {})).statusCode).toBe(404);
    expect((await beat(room.roomId, { key: otherRoom.hostKey })).statusCode).toBe(404);
    expect((await beat("0".repeat(32), {})).statusCode).toBe(404);
    expect((await beat(room.roomId, { key: 1 })).statusCode).toBe(400);

    const day = (
      await t.app.inject({ method: "GET", url: "/api/admin/today", headers: admin(cookieNow) })
    ).json<AdminToday>();
    expect(day.consultations.map((c) => [c.appointment.patientName, c.parentWaitingSince])).toEqual([
      ["Meera Pillai", new Date(DURING).toISOString()],
      ["Kabir Shah", null],
    ]);

    // The doctor's page: she sees since when the parent waits, and the parent's next beat sees her.
    const doctor = await beat(room.roomId, { key: room.hostKey });
    expect(doctor.json<PresenceAnswer>()).toEqual({
      doctorPresent: true,
      parentPresent: true,
      parentSince: new Date(DURING).toISOString(),
    });
    expect((await beat(room.roomId, {})).json<PresenceAnswer>().doctorPresent).toBe(true);

    // A minute without a beat, or a page that said it left, is gone.
    clock.set("2026-11-23T13:36:30Z");
    const later = (
      await t.app.inject({ method: "GET", url: "/api/admin/today", headers: admin(cookieNow) })
    ).json<AdminToday>();
    expect(later.consultations[0]?.parentWaitingSince).toBeNull();
    await beat(room.roomId, {});
    expect((await beat(room.roomId, { leaving: true })).json<PresenceAnswer>().parentPresent).toBe(false);
  });

  it("answers the record beside the call, a report in place, and the follow-up", async () => {
    clock.set(BOOKED_AT);
    const first = await bookPaid("Diya Menon", { appointmentDate: "2026-11-24", appointmentTime: "20:00" });
    const second = await bookPaid("Diya Menon", { appointmentTime: "20:00" });
    const uploadId = await uploadReport(t.app, second.token, "echo.pdf", samplePdf, nextAddress());
    const cookie = await signIn();

    const record = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${second.id}/patient-record`,
      headers: admin(cookie),
    });
    expect(record.statusCode, record.body).toBe(200);
    // Newest first: the consultation of the 24th, then this one of the 23rd.
    expect(record.json<PatientRecord>().consultations.map((c) => c.appointment.id)).toEqual([
      first.id,
      second.id,
    ]);
    for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
      const missing = await t.app.inject({
        method: "GET",
        url: `/api/admin/appointments/${id}/patient-record`,
        headers: admin(cookie),
      });
      expect(missing.statusCode).toBe(404);
    }

    const inline = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${second.id}/uploads/${uploadId}?view=inline`,
      headers: admin(cookie),
    });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers["content-disposition"]).toMatch(/^inline; filename="echo\.pdf"/);
    expect(inline.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(inline.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(inline.rawPayload.equals(samplePdf)).toBe(true);
    const download = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${second.id}/uploads/${uploadId}`,
      headers: admin(cookie),
    });
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(download.headers["x-frame-options"]).toBe("DENY");
    const odd = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${second.id}/uploads/${uploadId}?view=page`,
      headers: admin(cookie),
    });
    expect(odd.statusCode).toBe(400);
    const log = await t.app.inject({ method: "GET", url: "/api/admin/access-log", headers: admin(cookie) });
    // A look in place is a view; a download stays a download.
    const rows = log.json<{ entries: { action: string; detail: string }[] }>().entries;
    expect(rows.filter((row) => row.detail === "viewed in place").map((row) => row.action)).toEqual(["view"]);
    expect(rows.filter((row) => row.detail === "downloaded").map((row) => row.action)).toEqual(["download"]);
    expect(log.body).toContain("opened the record beside the consultation (2 consultations)");

    const followUp = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${second.id}/follow-up`,
      headers: admin(cookie),
    });
    expect(followUp.statusCode).toBe(200);
    // No follow-up fee set: she is told where to set it.
    expect(followUp.json<{ available: boolean; reason: string }>()).toMatchObject({
      available: false,
      inSettings: true,
    });
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/admin/appointments/00000000-0000-4000-8000-000000000000/follow-up",
      headers: admin(cookie),
    });
    expect(unknown.statusCode).toBe(404);
    const logged = await t.app.inject({
      method: "GET",
      url: "/api/admin/access-log",
      headers: admin(cookie),
    });
    expect(logged.body).toContain("looked at the follow-up offer");
  });

  it("gives the sex and weight of the child's earlier prescriptions in the record", async () => {
    clock.set(BOOKED_AT);
    const earlier = await bookPaid("Anika Das", { appointmentDate: "2026-11-23", appointmentTime: "20:20" });
    const later = await bookPaid("Anika Das", { appointmentDate: "2026-11-26", appointmentTime: "20:20" });
    // 8:25 PM IST on the 23rd: the earlier consultation has started.
    clock.set("2026-11-23T14:55:00Z");
    const cookie = await signIn();
    const content = {
      patientSex: "female",
      weightKg: 18.5,
      diagnosis: "Innocent murmur",
      medicines: [],
      investigations: "",
      advice: "Review in a year.",
      followUpDate: null,
    };
    const issued = await t.app.inject({
      method: "POST",
      url: `/api/admin/appointments/${earlier.id}/prescriptions`,
      headers: admin(cookie),
      payload: content,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const record = (
      await t.app.inject({
        method: "GET",
        url: `/api/admin/appointments/${later.id}/patient-record`,
        headers: admin(cookie),
      })
    ).json<PatientRecord>();
    const before = record.consultations.find((entry) => entry.appointment.id === earlier.id);
    expect(before?.prescriptions.map(({ version, content }) => ({ version, content }))).toEqual([
      { version: 1, content },
    ]);
  });

  it("shows the activity as a whole, only its changes, or only what parents did", async () => {
    clock.set(BOOKED_AT);
    const booked = await bookPaid("Rohan Iyer", { appointmentDate: "2026-11-27", appointmentTime: "19:00" });
    const cookie = await signIn();
    // The parent downloads the manage page's export; the doctor looks at the booking and writes notes.
    const exported = await t.app.inject({ method: "GET", url: `/api/manage/${booked.token}/export` });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${booked.id}`,
      headers: admin(cookie),
    });
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/appointments/${booked.id}/notes`,
      headers: admin(cookie),
      payload: { notes: "Seen." },
    });
    const view = async (show: string) => {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/access-log${show}`,
        headers: admin(cookie),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ entries: { action: string; session: string; recordId: string }[] }>().entries;
    };
    const everything = await view("");
    expect(everything.some((row) => row.action === "view")).toBe(true);
    expect(everything.some((row) => row.session === "parent link")).toBe(true);
    const changes = await view("?show=changes");
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((row) => row.action !== "view")).toBe(true);
    expect(changes.some((row) => row.action === "change" && row.recordId === booked.id)).toBe(true);
    const parents = await view("?show=parent");
    expect(parents.length).toBeGreaterThan(0);
    expect(parents.every((row) => row.session === "parent link")).toBe(true);
    expect(await view("?show=all")).toEqual(everything);
    for (const bad of ["?show=admin", "?show=", "?show=Changes"]) {
      const refused = await t.app.inject({
        method: "GET",
        url: `/api/admin/access-log${bad}`,
        headers: admin(cookie),
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe("Choose what to show: all, changes or parent");
    }
  });

  it("keeps patient data out of caches, answers no HEAD, and logs an id in capitals as the patient's", async () => {
    clock.set(BOOKED_AT);
    const booked = await bookPaid("Ira Nair", { appointmentDate: "2026-11-25", appointmentTime: "19:40" });
    const cookie = await signIn();
    for (const url of [
      `/api/admin/appointments/${booked.id}/patient-record`,
      "/api/admin/today",
      "/api/admin/calendar",
      "/api/admin/insights",
      "/api/admin/patients",
    ]) {
      const read = await t.app.inject({ method: "GET", url, headers: admin(cookie) });
      expect(read.statusCode, url).toBe(200);
      expect(read.headers["cache-control"], url).toBe("no-store");
      // A HEAD would log a read that showed nothing: refused, and nothing written.
      const logLength = async () => (await accessLogEntries(t.app, admin(cookie))).length;
      const before = await logLength();
      const head = await t.app.inject({ method: "HEAD", url, headers: admin(cookie) });
      expect(head.statusCode, url).toBe(405);
      expect(head.headers.allow).toBe("GET");
      expect(await logLength(), url).toBe(before);
    }
    const shouted = await t.app.inject({
      method: "GET",
      url: `/api/admin/appointments/${booked.id.toUpperCase()}/follow-up`,
      headers: admin(cookie),
    });
    expect(shouted.statusCode).toBe(200);
    const [latest] = await accessLogEntries(t.app, admin(cookie));
    expect(latest).toMatchObject({ recordId: booked.id, subject: { patientName: "Ira Nair" } });
  });

  /** The doctor's prescription templates, as her console saves, lists and deletes them. */
  const TEMPLATES_URL = "/api/admin/prescription-templates";
  const saveTemplate = (cookie: string, payload: object) =>
    t.app.inject({ method: "PUT", url: TEMPLATES_URL, headers: admin(cookie), payload });
  const templatesOf = async (cookie: string) =>
    (
      await t.app.inject({ method: "GET", url: TEMPLATES_URL, headers: admin(cookie) })
    ).json<PrescriptionTemplates>();
  const deleteTemplate = (cookie: string, templateId: string) =>
    t.app.inject({ method: "DELETE", url: `${TEMPLATES_URL}/${templateId}`, headers: admin(cookie) });

  it("refuses a template name that shows nothing or looks like another, and keeps one name however it is typed", async () => {
    const cookie = await signIn();
    const save = (name: string) => saveTemplate(cookie, { name, advice: "Review in six months." });
    for (const name of ["\u200d", "\u2800", "Asthma\u200d", "Asthma\ufe0f", "Asthma\u{E0041}", "Bad\ufffd"]) {
      const refused = await save(name);
      expect(refused.statusCode, JSON.stringify(name)).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(
        "Name the template with letters or digits, without invisible characters",
      );
    }
    expect((await save("Cafe\u0301 murmur")).statusCode).toBe(200);
    expect((await save("Caf\u00e9 murmur")).statusCode).toBe(200);
    expect((await templatesOf(cookie)).templates.map((template) => template.name)).toEqual([
      "Caf\u00e9 murmur",
    ]);
  });

  it("keeps to 100 templates when new ones are saved at the same moment", async () => {
    const cookie = await signIn();
    const put = (name: string) => saveTemplate(cookie, { name, advice: "Rest." });
    const list = async () => (await templatesOf(cookie)).templates;
    const have = (await list()).length;
    for (let n = have; n < 99; n++) expect((await put(`Template ${n}`)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => put(`Last ${n}`)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        "You have 100 templates: delete one before saving another",
      );
    }
    const all = await list();
    expect(all).toHaveLength(100);
    // Deleted again, for the tests after this one.
    for (const template of all) await deleteTemplate(cookie, template.id);
  });

  it("keeps her templates by name and suggests the medicines she prescribes most", async () => {
    const cookie = await signIn();
    const put = (payload: object) => saveTemplate(cookie, payload);
    const saved = await put({
      name: "Heart failure",
      diagnosis: "CHF",
      medicines: [{ ...sampleMedicine, duration: "7 days" }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The same name replaces it; advice alone is a template too; an empty one or a bad name is refused.
    expect((await put({ name: "Heart failure", advice: "Salt restriction." })).statusCode).toBe(200);
    expect((await put({ name: "Murmur", advice: "Nothing to do." })).statusCode).toBe(200);
    const empty = await put({ name: "Nothing" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain("The template is empty");
    expect((await put({ name: " ", advice: "x" })).statusCode).toBe(400);
    expect((await put({ name: "A\u202eB", advice: "x" })).statusCode).toBe(400);

    const list = await templatesOf(cookie);
    expect(list.templates.map((entry) => [entry.name, entry.content.advice])).toEqual([
      ["Heart failure", "Salt restriction."],
      ["Murmur", "Nothing to do."],
    ]);
    expect(list.favourites).toEqual([]);

    const id = list.templates[0]?.id ?? "";
    const remove = (templateId: string) => deleteTemplate(cookie, templateId);
    expect((await remove(id)).statusCode).toBe(204);
    expect((await remove(id)).statusCode).toBe(404);
    expect((await remove("not-a-uuid")).statusCode).toBe(404);
  });
});
