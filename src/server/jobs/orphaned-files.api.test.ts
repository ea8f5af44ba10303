import { randomBytes } from "node:crypto";
import { readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import type { ReportUpload } from "@shared/uploads";
import { silentLog } from "../testing/app-jobs";
import { newStorageKey } from "../integrations/record-store/keys";
import { engineAndStoreCases, recordsInS3Env, useRecordStore } from "../testing/s3-stand-in";
import { bookingFor, bookPaidAppointment, useSiteApp } from "../testing/test-app";
import { runRetention } from "./retention";
import { uploadReport } from "../testing/multipart";

/**
 * What a process killed during uploads leaves behind (a file half-written, a whole file whose row was never
 * written, the copy an upload to a bucket waits in) is removed by the retention job, which runs at start and daily,
 * once older than twice the longest upload; a file an upload refers to, or one an upload may still be writing,
 * never is.
 */
const START = "2026-11-21T10:00:00Z";
const HOUR_MS = 60 * 60_000;

function pdf(length = 30_000): Buffer {
  return Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(length)]);
}

describe.each(engineAndStoreCases)("files no upload refers to, on %s with %s", (engine, store) => {
  const leftovers: string[] = [];
  afterAll(async () => {
    await Promise.all(leftovers.map((path) => rm(path, { force: true })));
  });
  const s3 = useRecordStore(store);
  const { t } = useSiteApp(engine, START, () => ({ env: recordsInS3Env(s3) }));

  async function storedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of t.app.recordStore.keys()) keys.push(key);
    return keys.sort();
  }

  /** A stored file as it would be had it been written `ago` milliseconds before now. */
  async function writtenAgo(key: string, ago: number): Promise<void> {
    const then = new Date(Date.now() - ago);
    if (s3) {
      const object = s3.objects.get(key);
      if (object) object.lastModified = then;
    } else await utimes(join(t.config.records.localDir, key), then, then);
  }

  /** A temporary file a killed upload left: a local `.partial`, or the copy an upload to a bucket waits in. */
  async function temporaryFile(ago: number): Promise<string> {
    const path = s3
      ? join(tmpdir(), `clinic-upload-${randomBytes(12).toString("hex")}`)
      : join(t.config.records.localDir, `.${newStorageKey()}.${randomBytes(6).toString("hex")}.partial`);
    leftovers.push(path);
    await writeFile(path, pdf(), { mode: 0o600 });
    const then = new Date(Date.now() - ago);
    await utimes(path, then, then);
    return path;
  }

  async function exists(path: string): Promise<boolean> {
    const [directory, name] = [join(path, ".."), path.split("/").at(-1) ?? ""];
    return (await readdir(directory)).includes(name);
  }

  it("removes old temporary and unreferenced files, and keeps referenced, recent and foreign ones", async () => {
    const { token } = await bookPaidAppointment(t.app, bookingFor("Tara Bose"));
    const before = await storedKeys();
    const report = pdf();
    await uploadReport(t.app, token, "echo.pdf", report);
    const [referenced = ""] = (await storedKeys()).filter((key) => !before.includes(key));

    // What kill -9 during uploads left: whole files whose row was never written, and temporary files.
    const [oldOrphan, recentOrphan] = [newStorageKey(), newStorageKey()];
    for (const key of [oldOrphan, recentOrphan])
      await t.app.recordStore.put(key, Readable.from([pdf()]), "application/pdf");
    // Something the site did not make, kept in the same folder or bucket.
    const foreign = "clinic-backup-2026";
    await t.app.recordStore.put(foreign, Readable.from([pdf()]), "application/pdf");
    for (const key of [referenced, oldOrphan, foreign]) await writtenAgo(key, 2 * HOUR_MS);
    // An upload still writing (or about to record) its file wrote it moments ago.
    await writtenAgo(recentOrphan, 60_000);
    const oldTemporary = await temporaryFile(2 * HOUR_MS);
    const recentTemporary = await temporaryFile(60_000);

    await runRetention(
      { db: t.database.db, config: t.config, store: t.app.recordStore, log: silentLog, siteUrl: "" },
      new Date(),
    );

    expect(await storedKeys()).toEqual([...before, referenced, recentOrphan, foreign].sort());
    expect(await exists(oldTemporary)).toBe(false);
    expect(await exists(recentTemporary)).toBe(true);
    // The report the parent uploaded is still there for them and the doctor.
    const { uploads } = (await t.app.inject({ method: "GET", url: `/api/manage/${token}/uploads` })).json<{
      uploads: ReportUpload[];
    }>();
    const download = await t.app.inject({
      method: "GET",
      url: `/api/manage/${token}/uploads/${uploads[0]?.id ?? ""}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(report)).toBe(true);
  });
});
