import { createWriteStream, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { CreatedAppointment } from "@shared/booking";
import { rowsOf } from "../../db/client";
import { createLocalRecordStore } from "../../integrations/record-store/local-store";
import { createTempDir, type TempDir } from "../../testing/temp-dir";
import {
  askForErasure,
  bookingFor,
  bookPaidAppointment,
  createTestApp,
  createTestDatabase,
  samplePrescription,
  signInAsAdmin,
  TEST_SITE,
  testClock,
  testEngines,
  type Engine,
  type TestApp,
} from "../../testing/test-app";
import { uploadReport } from "../../testing/multipart";
import { writeBackup } from "./create";
import { restoreBackup, RestoreRefusedError } from "./restore";
import { BackupFileError } from "./archive";

/**
 * The restore drill: a practice's records are backed up on one engine and restored into the other (PGlite to
 * PostgreSQL, and back), and the site started on the restored database answers every question about them exactly as
 * the original did; a damaged file is refused with nothing written.
 */
const START = "2026-11-21T10:00:00Z";
const reportBytes = Buffer.concat([
  Buffer.from("%PDF-1.7\n1 0 obj\n"),
  Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 251)),
]);
const PASSPHRASE = "a long passphrase for the drill";

const directions: Array<[Engine, Engine]> =
  testEngines.length > 1
    ? [
        ["pglite", "postgres"],
        ["postgres", "pglite"],
      ]
    : [["pglite", "pglite"]];

interface Practice {
  /** The booking with a report, notes and a prescription. */
  seen: { id: string; token: string; uploadId: string };
  /** The booking the parent cancelled, refunded. */
  cancelled: { id: string; token: string };
  /** The family that asked to be erased. */
  erased: { id: string; token: string };
}

async function buildPractice(app: FastifyInstance, moveClock: (iso: string) => void): Promise<Practice> {
  const seen = await bookPaidAppointment(
    app,
    { patientName: "ಸುಮಾ ರಾವ್", appointmentDate: "2026-11-23" },
    "10.1.0.1",
  );
  const uploadId = await uploadReport(app, seen.token, "echo report.pdf", reportBytes);
  const cancelled = await bookPaidAppointment(
    app,
    { patientName: "Kavya Nair", patientEmail: "nair@example.org", appointmentDate: "2026-11-24" },
    "10.1.0.2",
  );
  const cancel = await app.inject({
    method: "POST",
    url: `/api/manage/${cancelled.token}/cancel`,
    payload: {},
  });
  expect(cancel.statusCode, cancel.body).toBe(200);

  const erased = await bookPaidAppointment(
    app,
    { patientName: "Ishaan Das", patientEmail: "das@example.org", appointmentDate: "2026-11-22" },
    "10.1.0.3",
  );
  // Two days on: the family seen yesterday asks to be erased, and today's consultation has started, so the doctor
  // writes notes and issues the prescription.
  moveClock("2026-11-23T13:40:00Z");
  await (await askForErasure(app, erased.token, TEST_SITE)).confirm();
  const doctor = { cookie: await signInAsAdmin(app, { origin: TEST_SITE }), origin: TEST_SITE };
  const notes = await app.inject({
    method: "PUT",
    url: `/api/admin/appointments/${seen.id}/notes`,
    headers: doctor,
    payload: { notes: "Murmur grade 2/6; tires on stairs." },
  });
  expect(notes.statusCode, notes.body).toBe(200);
  const prescribed = await app.inject({
    method: "POST",
    url: `/api/admin/appointments/${seen.id}/prescriptions`,
    headers: doctor,
    payload: samplePrescription(),
  });
  expect(prescribed.statusCode, prescribed.body).toBe(201);

  return { seen: { ...seen, uploadId }, cancelled, erased };
}

/** Everything the doctor and the parents can read about the practice, as the site answers it. */
async function observe(app: FastifyInstance, practice: Practice) {
  const cookie = await signInAsAdmin(app, { origin: TEST_SITE });
  const headers = { cookie, origin: TEST_SITE };
  const get = async (url: string, asAdmin = true) => {
    const response = await app.inject({ method: "GET", url, ...(asAdmin ? { headers } : {}) });
    return { status: response.statusCode, body: response.body };
  };
  // The access log first: the reads below add to it.
  const accessLog = await get("/api/admin/access-log");
  const { seen, cancelled, erased } = practice;
  return {
    accessLog,
    stats: await get("/api/admin/stats"),
    patients: await get("/api/admin/patients"),
    erasures: await get("/api/admin/erasure-requests"),
    seen: await get(`/api/admin/appointments/${seen.id}`),
    notes: await get(`/api/admin/appointments/${seen.id}/notes`),
    prescriptions: await get(`/api/manage/${seen.token}/prescriptions`, false),
    uploads: await get(`/api/manage/${seen.token}/uploads`, false),
    report: (
      await app.inject({ method: "GET", url: `/api/manage/${seen.token}/uploads/${seen.uploadId}` })
    ).rawPayload.toString("base64"),
    cancelledAsParent: await get(`/api/manage/${cancelled.token}`, false),
    cancelledAsDoctor: await get(`/api/admin/appointments/${cancelled.id}`),
    receipt: (await get(`/api/admin/appointments/${cancelled.id}/receipt`)).status,
    erasedLink: await get(`/api/manage/${erased.token}`, false),
    erasedRecord: await get(`/api/admin/appointments/${erased.id}`),
  };
}

describe.each(directions)("the restore drill, backed up on %s and restored into %s", (from, to) => {
  const clock = testClock(START);
  let source: TestApp;
  let folders: TempDir[] = [];
  let practice: Practice;
  let backupFile: string;
  let before: Awaited<ReturnType<typeof observe>>;

  beforeAll(async () => {
    const folder = await createTempDir("clinic-drill-source-");
    folders.push(folder);
    source = await createTestApp(from, {
      now: clock.now,
      env: { PUBLIC_BASE_URL: TEST_SITE, DATA_DIR: folder.path },
    });
    practice = await buildPractice(source.app, clock.set);
    backupFile = join(folder.path, "practice.backup");
    await writeBackup(
      { database: source.database, store: source.app.recordStore, storage: "local" },
      createWriteStream(backupFile),
      { passphrase: PASSPHRASE, now: clock.now() },
    );
    before = await observe(source.app, practice);
  }, 120_000);

  afterAll(async () => {
    await source.close();
    await Promise.all(folders.map((folder) => folder.close()));
    folders = [];
  });

  it("brings back every booking, refund, consent, note, prescription, report, access-log row and erasure, and nothing else", async () => {
    const folder = await createTempDir("clinic-drill-target-");
    folders.push(folder);
    const database = await createTestDatabase(to);
    const store = createLocalRecordStore(join(folder.path, "records"));
    const summary = await restoreBackup({ database, store }, backupFile, { passphrase: PASSPHRASE });
    expect(summary.restoredFiles).toBe(1);
    const restored = await createTestApp(to, {
      database,
      now: clock.now,
      env: { PUBLIC_BASE_URL: TEST_SITE, DATA_DIR: folder.path },
    });
    try {
      const after = await observe(restored.app, practice);
      expect(after).toEqual(before);
      expect(Buffer.from(after.report, "base64").equals(reportBytes)).toBe(true);
      // The erased family stays erased: no name, e-mail or phone of theirs anywhere the site answers.
      for (const trace of ["Ishaan", "das@example.org"]) expect(JSON.stringify(after)).not.toContain(trace);
      expect(JSON.parse(after.cancelledAsDoctor.body)).toMatchObject({
        appointment: { status: "cancelled" },
        refunds: [{ state: "succeeded", amount: 2000 }],
      });
      // The restored site goes on: a new booking takes the next receipt number and an access-log id of its own.
      const next = await restored.app.inject({
        method: "POST",
        url: "/api/appointments",
        payload: bookingFor("Anya Bose", { appointmentDate: "2026-11-26" }),
      });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json<{ appointment: CreatedAppointment }>().appointment.id).not.toBe(practice.seen.id);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it("refuses a file with one byte changed, and a wrong passphrase, with a clear message and nothing written", async () => {
    const damaged = `${backupFile}.damaged`;
    const bytes = readFileSync(backupFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
    writeFileSync(damaged, bytes);
    const database = await createTestDatabase(to);
    const folder = await createTempDir("clinic-drill-refused-");
    folders.push(folder);
    const store = createLocalRecordStore(join(folder.path, "records"));
    try {
      await expect(restoreBackup({ database, store }, damaged, { passphrase: PASSPHRASE })).rejects.toThrow(
        BackupFileError,
      );
      await expect(
        restoreBackup({ database, store }, backupFile, { passphrase: "not the passphrase" }),
      ).rejects.toThrow(/damaged, or the passphrase/);
      await expect(restoreBackup({ database, store }, backupFile, {})).rejects.toThrow(
        /encrypted: set BACKUP_PASSPHRASE/,
      );
      const counted = await database.db.execute(sql`SELECT count(*)::int AS n FROM appointments`);
      expect(rowsOf<{ n: number }>(counted)[0]?.n).toBe(0);
      const written: string[] = [];
      for await (const key of store.keys()) written.push(key);
      expect(written).toEqual([]);
    } finally {
      await database.dispose();
    }
  });

  it("refuses a database that holds data unless told to replace it", async () => {
    await expect(
      restoreBackup({ database: source.database, store: source.app.recordStore }, backupFile, {
        passphrase: PASSPHRASE,
      }),
    ).rejects.toThrow(RestoreRefusedError);
    await expect(
      restoreBackup({ database: source.database, store: source.app.recordStore }, backupFile, {
        passphrase: PASSPHRASE,
      }),
    ).rejects.toThrow(/already holds data .*--replace/);
  });
});
