import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingIdOf, type CreatedAppointment, type PaymentVerification } from "@shared/booking";
import type {
  AccessLogPage,
  DataRightsView,
  ErasureRequestView,
  PatientList,
  PatientRecord,
} from "@shared/patients";
import { drainOutboxOf, silentLog } from "../../testing/app-jobs";
import {
  addressesUnder,
  bookingConsent,
  payOnSimulator,
  samplePrescription,
  TEST_SITE,
  testEngines,
  useSiteApp,
} from "../../testing/test-app";
import { rowsOf } from "../../db/client";
import { applyRetention } from "./service";

/**
 * The doctor's patient records, the access log, and the parent's data rights (export and erasure), through the API
 * as the dashboard and the manage link use them.
 */
// 21 Nov 2026, 3:30 PM IST; consultations are booked on the following days at 7:00 PM IST.
const START = "2026-11-21T10:00:00Z";

interface Booked {
  id: string;
  token: string;
}

describe.each(testEngines)("patient records and data rights, on %s", (engine) => {
  const { clock, t, signIn, doctorHeaders } = useSiteApp(engine, START, {
    env: { BOOKING_HORIZON_DAYS: "60" },
  });
  let cookie: string;
  const nextAddress = addressesUnder("10.77");

  beforeAll(async () => {
    cookie = await signIn();
  });
  beforeEach(async () => {
    clock.set(START);
    cookie = await signIn();
  });

  /** A session that is valid at the clock's time (sessions expire, and tests move the clock by days). */
  async function book(
    date: string,
    time: string,
    patient: { name: string; email: string; phone: string; guardian?: string },
  ): Promise<Booked> {
    const remoteAddress = nextAddress();
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/appointments",
      remoteAddress,
      payload: {
        patientName: patient.name,
        patientEmail: patient.email,
        patientPhone: patient.phone,
        patientAge: 6,
        reasonForConsultation: `Murmur heard at school; ${patient.name} gets tired on stairs`,
        ...bookingConsent,
        guardianName: patient.guardian ?? bookingConsent.guardianName,
        appointmentDate: date,
        appointmentTime: time,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { id } = booked.json<{ appointment: CreatedAppointment }>().appointment;
    const orderId = await payOnSimulator(t.app, id);
    const verified = (
      await t.app.inject({ method: "GET", url: `/api/verify-payment/${orderId}` })
    ).json<PaymentVerification>();
    expect(verified.outcome).toBe("confirmed");
    return { id, token: new URL(verified.manageUrl ?? "").pathname.split("/").at(-1) ?? "" };
  }

  const admin = async <T>(method: "GET" | "POST", url: string) => {
    const response = await t.app.inject({
      method,
      url,
      headers: doctorHeaders(cookie),
      ...(method === "POST" ? { payload: {} } : {}),
    });
    return { status: response.statusCode, body: response.json<T & { message?: string }>() };
  };
  const parent = async <T>(method: "GET" | "POST", url: string) => {
    const response = await t.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
    return { status: response.statusCode, body: response.json<T & { message?: string }>(), raw: response };
  };
  /** The parent uploads a report through the booking's link, as the page does (one file per multipart request). */
  const uploadReport = async (token: string, name: string, bytes: Buffer) => {
    const boundary = "----records-test-boundary";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
    const response = await t.app.inject({
      method: "POST",
      url: `/api/manage/${token}/uploads`,
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  /** The doctor writes notes that name the child, and issues a prescription. */
  const writeRecord = async (id: string, childName: string) => {
    const notes = await t.app.inject({
      method: "PUT",
      url: `/api/admin/appointments/${id}/notes`,
      headers: doctorHeaders(cookie),
      payload: { notes: `${childName} tires on stairs. Murmur grade 2/6.` },
    });
    expect(notes.statusCode, notes.body).toBe(200);
    const issued = await t.app.inject({
      method: "POST",
      url: `/api/admin/appointments/${id}/prescriptions`,
      headers: doctorHeaders(cookie),
      payload: samplePrescription({ instructions: `Give ${childName} after food` }),
    });
    expect(issued.statusCode, issued.body).toBe(201);
  };
  const reportBytes = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n"), Buffer.alloc(20_000, 0x20)]);
  const accessLog = async () => (await admin<AccessLogPage>("GET", "/api/admin/access-log")).body.entries;

  it("groups a child's bookings into one record, finds it by name or phone, and logs every look at it", async () => {
    const child = { name: "Aarav Menon", email: "menon.family@example.org", phone: "+91 98111 22233" };
    const first = await book("2026-11-23", "19:00", child);
    const second = await book("2026-11-24", "19:00", { ...child, name: "aarav  menon" });
    await book("2026-11-25", "19:00", {
      name: "Diya Shah",
      email: "shah@example.org",
      phone: "+91 90000 11111",
    });

    const byName = await admin<PatientList>("GET", "/api/admin/patients?q=aarav");
    expect(byName.status).toBe(200);
    expect(byName.body.patients).toHaveLength(1);
    expect(byName.body.patients[0]).toMatchObject({
      consultations: 2,
      phone: expect.stringContaining("98111") as unknown,
    });
    const byPhone = await admin<PatientList>("GET", "/api/admin/patients?q=98111%2022233");
    expect(byPhone.body.patients.map((p) => p.key)).toEqual(byName.body.patients.map((p) => p.key));
    const byParent = await admin<PatientList>("GET", "/api/admin/patients?q=lakshmi");
    expect(byParent.body.patients.length).toBeGreaterThanOrEqual(2);
    // LIKE's wildcards are searched for as text, not as patterns.
    expect((await admin<PatientList>("GET", "/api/admin/patients?q=%25")).body.patients).toEqual([]);

    const key = byName.body.patients[0]?.key ?? "";
    const record = await admin<PatientRecord>("GET", `/api/admin/patients/${key}`);
    expect(record.status).toBe(200);
    expect(record.body.consultations.map((c) => c.appointment.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect(record.body.consultations[0]?.consents[0]).toMatchObject({
      version: bookingConsent.consentVersion,
      givenBy: expect.stringContaining("Lakshmi Iyer") as unknown,
    });

    const log = await accessLog();
    expect(log[0]).toMatchObject({ action: "view", recordType: "patient", recordId: key });
    expect(log[0]?.session).toMatch(/^admin [0-9a-f]{16}$/);
    expect(log.filter((entry) => entry.recordType === "patient_list").length).toBeGreaterThanOrEqual(4);
    // The log keeps records by id and key, never a name or the search words, so erasure leaves nothing in it...
    const stored = await t.database.db.execute(sql`select * from access_log`);
    expect(JSON.stringify(rowsOf(stored))).not.toMatch(/aarav|menon|98111|lakshmi/i);
    // ...and the doctor reads it with the child's name and booking id, looked up as the page is shown.
    expect(log[0]?.subject).toEqual({ patientName: "aarav  menon", bookingId: second.id.slice(0, 8) });
    expect(log.find((entry) => entry.recordType === "patient_list")?.subject).toBeNull();

    await admin("GET", `/api/admin/appointments/${first.id}`);
    expect((await accessLog())[0]).toMatchObject({
      action: "view",
      recordType: "appointment",
      recordId: first.id,
      subject: { patientName: "Aarav Menon", bookingId: first.id.slice(0, 8) },
    });
  });

  it("keeps a child whose phone was stored as typed, before numbers were kept in E.164, and in E.164 since as one patient", async () => {
    const child = { name: "Kiara Bose", email: "bose.family@example.org", phone: "+91 98333 44455" };
    const earlier = await book("2026-11-28", "19:20", child);
    const later = await book("2026-11-29", "19:20", { ...child, phone: "98333 44455" });
    // The earlier booking as a row written before: the number as the parent typed it.
    await t.database.db.execute(
      sql`update appointments set patient_phone = '098333-44455' where id = ${earlier.id}`,
    );
    const [stored] = rowsOf<{ patient_phone: string }>(
      await t.database.db.execute(sql`select patient_phone from appointments where id = ${later.id}`),
    );
    expect(stored?.patient_phone).toBe("+919833344455");

    const keys = new Set<string>();
    for (const search of ["kiara", "+91 98333 44455", "098333 44455", "98333-44455"]) {
      const list = await admin<PatientList>("GET", `/api/admin/patients?q=${encodeURIComponent(search)}`);
      expect(list.body.patients, search).toEqual([
        expect.objectContaining({ patientName: "Kiara Bose", phone: "+919833344455", consultations: 2 }),
      ]);
      keys.add(list.body.patients[0]?.key ?? "");
    }
    expect(keys.size).toBe(1);
    const record = await admin<PatientRecord>("GET", `/api/admin/patients/${[...keys][0]}`);
    expect(record.body.consultations.map((c) => c.appointment.id).sort()).toEqual(
      [earlier.id, later.id].sort(),
    );
  });

  it("keeps the access log append-only: the database refuses to change or remove a row", async () => {
    await admin("GET", "/api/admin/patients");
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await t.database.db.execute(statement).then(
        () => undefined,
        (failure: unknown) => failure as Error & { cause?: Error },
      );
      return `${error?.message ?? "no error"} ${error?.cause?.message ?? ""}`;
    };
    expect(await refusal(sql`update access_log set detail = 'changed'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from access_log`)).toMatch(/append-only/);
    expect((await accessLog()).length).toBeGreaterThan(0);
  });

  it("answers 404 for a patient key that is no patient's, and 401 without a session", async () => {
    for (const key of ["0".repeat(24), "x", "%00", "..%2f..%2fetc"]) {
      const response = await admin<PatientRecord>("GET", `/api/admin/patients/${key}`);
      // NUL bytes are refused by the input guard before any route (400); the others are no patient's (404).
      expect([400, 404], key).toContain(response.status);
      expect(response.body.message).toBeTruthy();
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/patients" });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/access-log" })).statusCode).toBe(401);
  });

  it("gives the parent a ZIP of the booking: the booking, the consent, messages, receipt, notes, prescription and reports", async () => {
    const booked = await book("2026-11-26", "19:00", {
      name: "Kabir Rao",
      email: "rao.parent@example.org",
      phone: "+91 98222 33344",
    });
    await uploadReport(booked.token, "echo 2026.pdf", reportBytes);
    // A prescription is issued once the consultation has started: 26 Nov, 7:30 PM IST.
    clock.set("2026-11-26T14:00:00Z");
    cookie = await signIn();
    await writeRecord(booked.id, "Kabir");
    const response = await t.app.inject({ method: "GET", url: `/api/manage/${booked.token}/export` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="booking-[0-9a-f]{8}-data\.zip"$/,
    );
    const files = unzipSync(response.rawPayload);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        "README.txt",
        "booking.json",
        "consent.json",
        "messages.json",
        "receipt.pdf",
        "notes.txt",
        "prescriptions/prescription-v1.json",
        "prescriptions/prescription-v1.pdf",
        "reports/1-echo 2026.pdf",
      ]),
    );
    expect(Buffer.from(files["reports/1-echo 2026.pdf"] ?? []).equals(reportBytes)).toBe(true);
    expect(new TextDecoder().decode(files["prescriptions/prescription-v1.pdf"]?.slice(0, 5))).toBe("%PDF-");
    expect(new TextDecoder().decode(files["notes.txt"])).toContain("Murmur grade 2/6");
    const bookingJson = JSON.parse(new TextDecoder().decode(files["booking.json"])) as {
      patient: { name: string; email: string };
      parentOrGuardian: { name: string };
      payment: { amountPaid: number };
    };
    expect(bookingJson.patient).toMatchObject({ name: "Kabir Rao", email: "rao.parent@example.org" });
    expect(bookingJson.parentOrGuardian.name).toBe("Lakshmi Iyer");
    expect(bookingJson.payment.amountPaid).toBeGreaterThan(0);
    const consent = JSON.parse(new TextDecoder().decode(files["consent.json"])) as {
      teleconsultation: string;
    }[];
    expect(consent[0]?.teleconsultation.length).toBeGreaterThan(20);
    expect(new TextDecoder().decode(files["receipt.pdf"]?.slice(0, 5))).toBe("%PDF-");
    expect((await accessLog())[0]).toMatchObject({
      action: "export",
      session: "parent link",
      recordId: booked.id,
    });

    const other = await parent("GET", `/api/manage/${"A".repeat(43)}/export`);
    expect(other.status).toBe(404);
  });

  it("erases only after the consultation, once the doctor confirms, and leaves no name, phone or e-mail anywhere", async () => {
    const person = {
      name: "Zoya Qureshi",
      email: "zoya.family@example.org",
      phone: "+91 97777 55511",
      guardian: "Farah Qureshi",
    };
    const booked = await book("2026-11-27", "19:00", person);
    const othersFiles = await storedKeys();
    await uploadReport(booked.token, "Zoya Qureshi ECG.pdf", reportBytes);
    const zoyasFiles = (await storedKeys()).filter((key) => !othersFiles.includes(key));
    expect(zoyasFiles).toHaveLength(1);
    await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        name: "Farah Qureshi",
        email: person.email,
        phone: person.phone,
        subject: "Question",
        // The parent's own message about this booking names its reference, which ties it to the booking.
        message: `Booking ${bookingIdOf(booked.id)}: should Zoya fast before the consultation?`,
      },
    });
    await drainOutboxOf(t, clock.now);
    const outboxDir = join(t.config.dataDir, "outbox");
    expect((await readdir(outboxDir)).length).toBeGreaterThan(0);

    // Before the consultation: refused, with the reason.
    const early = await parent<DataRightsView>("POST", `/api/manage/${booked.token}/erasure`);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Cancel it first/);

    clock.set("2026-11-27T15:00:00Z");
    cookie = await signIn();
    await writeRecord(booked.id, "Zoya");
    const asked = await parent<DataRightsView>("POST", `/api/manage/${booked.token}/erasure`);
    expect(asked.status).toBe(200);
    expect(asked.body.erasure).toMatchObject({ state: "pending", allowed: false });
    // Asked twice, or twenty times at once: one request.
    await Promise.all(
      Array.from({ length: 20 }, () => parent("POST", `/api/manage/${booked.token}/erasure`)),
    );
    const listed = await admin<{ requests: ErasureRequestView[] }>("GET", "/api/admin/erasure-requests");
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const requests = listed.body.requests;
    const mine = requests.filter((request) => request.appointmentId === booked.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "pending", patientName: "Zoya Qureshi" });

    const confirmed = await admin<ErasureRequestView>(
      "POST",
      `/api/admin/erasure-requests/${mine[0]?.id ?? ""}/confirm`,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "completed", patientName: "Erased" });
    expect(confirmed.body.outcome).toMatch(/kept without names/);
    expect((await accessLog())[0]).toMatchObject({ action: "erase", recordId: booked.id });

    // No table holds the name, the parent's name, the phone or the e-mail any more.
    const dump = await everyTableAsText();
    // The phone in each form it is written (five digits alone would also match inside a random token's hash).
    for (const identity of ["Zoya", "Qureshi", "zoya.family", "97777 55511", "9777755511"])
      expect(
        dump.toLowerCase(),
        `${identity}: ${dump.slice(Math.max(0, dump.toLowerCase().indexOf(identity.toLowerCase()) - 200), dump.toLowerCase().indexOf(identity.toLowerCase()) + 200)}`,
      ).not.toContain(identity.toLowerCase());
    // The uploaded report is gone from the store; the clinical record stays, without the name.
    const storedAfter = await storedKeys();
    for (const key of zoyasFiles) expect(storedAfter).not.toContain(key);
    for (const key of othersFiles) expect(storedAfter).toContain(key);
    expect(dump).toContain("Murmur grade 2/6");
    expect(dump).toContain("FUROSEMIDE");
    // Nor any file the site wrote.
    for (const name of await readdir(outboxDir).catch(() => [] as string[])) {
      const content = await readFile(join(outboxDir, name), "utf8");
      expect(content, name).not.toMatch(/Zoya|Qureshi|97777[\s-]?55511/);
    }

    const rights = await parent<DataRightsView>("GET", `/api/manage/${booked.token}/data-rights`);
    expect(rights.body).toMatchObject({ exportAvailable: false, erasure: { state: "completed" } });
    expect((await parent("GET", `/api/manage/${booked.token}/export`)).status).toBe(410);
    // Confirming again changes nothing and does not fail.
    expect((await admin("POST", `/api/admin/erasure-requests/${mine[0]?.id ?? ""}/confirm`)).status).toBe(
      200,
    );
  });

  it("anonymises records older than the retention period and keeps the recent ones", async () => {
    const old = await book("2026-11-30", "19:00", {
      name: "Ira Kulkarni",
      email: "kulkarni@example.org",
      phone: "+91 96666 44422",
    });
    const recent = await book("2026-12-01", "19:00", {
      name: "Vihaan Das",
      email: "das@example.org",
      phone: "+91 95555 33311",
    });
    // Three years and a day after the first consultation, the second is still within three years.
    clock.set("2029-12-01T06:00:00Z");
    const ctx = {
      db: t.database.db,
      config: t.config,
      store: t.app.recordStore,
      log: silentLog,
      now: clock.now(),
      siteUrl: TEST_SITE,
    };
    expect(await applyRetention(ctx)).toBeGreaterThanOrEqual(1);
    const dump = (await everyTableAsText()).toLowerCase();
    expect(dump).not.toContain("kulkarni");
    expect(dump).toContain("vihaan das");
    expect(
      (await parent<DataRightsView>("GET", `/api/manage/${old.token}/data-rights`)).body.erasure.state,
    ).toBe("completed");
    expect(
      (await parent<DataRightsView>("GET", `/api/manage/${recent.token}/data-rights`)).body.erasure.state,
    ).toBe("none");
    // A second run finds nothing more to do.
    expect(await applyRetention(ctx)).toBe(0);
  });

  async function storedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of t.app.recordStore.keys()) keys.push(key);
    return keys;
  }

  /** Every row of every table of the application, as text, to search for personal data. */
  async function everyTableAsText(): Promise<string> {
    const tables = rowsOf<{ tablename: string }>(
      await t.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
    );
    const parts: string[] = [];
    for (const { tablename } of tables) {
      const rows = rowsOf<unknown>(await t.database.db.execute(sql.raw(`select * from "${tablename}"`)));
      parts.push(JSON.stringify(rows));
    }
    return parts.join("\n");
  }
});
