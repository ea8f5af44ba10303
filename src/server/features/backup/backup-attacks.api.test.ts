import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { backupRuns } from "../../db/schema";
import { createLocalRecordStore } from "../../integrations/record-store/local-store";
import { bookPaidAppointment, createTestDatabase, testEngines, useSiteApp } from "../../testing/test-app";
import { backupStatusOf } from "../../testing/backups";
import { parseScrape } from "../../testing/prometheus-text";
import { createBackupWriter, readBackup } from "./archive";
import { writeBackup } from "./create";
import { restoreBackup } from "./restore";
import { runScheduledBackup } from "./service";

/**
 * What an outside review of backups found, each kept: a reader that goes away mid-download, a folder that cannot be
 * written, crafted files that name other tables or paths, a page that cannot be inserted, a run cut off by a killed
 * process, and HEAD requests.
 */
const START = "2026-11-25T21:01:00Z"; // 2:31 AM IST on 26 Nov, after the 02:30 schedule

/** A backup file holding exactly these entries, with a manifest whose checksums match them. */
async function craftedBackup(path: string, entries: Record<string, string>): Promise<void> {
  const writer = await createBackupWriter(createWriteStream(path));
  for (const [name, text] of Object.entries(entries)) await writer.add(name, Buffer.from(text));
  await writer.finish({
    createdAt: new Date(START).toISOString(),
    engine: "pglite",
    migrations: [],
    tables: [],
    records: { storage: "included", keys: [] },
    skippedRows: 0,
  });
}

describe.each(testEngines)("backups under attack, on %s", (engine) => {
  const folder = mkdtempSync(join(tmpdir(), "clinic-backup-attacks-"));
  const { clock, t, signIn, doctorHeaders } = useSiteApp(engine, START, {
    env: {
      BACKUP_SCHEDULE: "02:30",
      BACKUP_DIR: join(folder, "backups"),
      METRICS_TOKEN: "metrics-token-of-the-backup-attack-tests-0123",
    },
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const status = () => backupStatusOf(t.app);

  it("keeps serving when the reader of a backup goes away in the middle, and records that backup as failed", async () => {
    // Reports large enough that the answer cannot all sit in the socket's buffers.
    for (let report = 0; report < 3; report += 1)
      await t.app.recordStore.put(
        randomBytes(16).toString("hex"),
        Readable.from([randomBytes(8 << 20)]),
        "x",
      );
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await new Promise<string>((resolve, reject) => {
      const asked = request(
        {
          port,
          host: "127.0.0.1",
          path: "/api/internal/backup",
          method: "POST",
          headers: {
            authorization: `Bearer ${t.app.backup.commandToken}`,
            "content-type": "application/json",
          },
        },
        (answer) => {
          answer.once("data", () => {
            // One chunk read, then the reader is gone.
            asked.destroy();
            resolve(String(answer.headers["x-backup-check"]));
          });
        },
      );
      asked.on("error", () => undefined);
      asked.once("timeout", () => reject(new Error("no answer")));
      asked.end(JSON.stringify({ passphrase: null }));
    });
    for (let check = 0; check < 200 && t.app.backup.guard.busy(); check += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(t.app.backup.guard.busy()).toBe(false);
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect((await status()).last).toMatchObject({ outcome: "failed", trigger: "command" });
    // The answer its reader left is timed all the same, under its route.
    const scrape = parseScrape(await t.app.metrics.registry.metrics());
    expect(
      scrape.count("clinic_http_request_duration_seconds", {
        route: "/api/internal/backup",
        method: "POST",
        status_class: "2xx",
      }),
    ).toBe(1);
    // The command knows why better than the broken stream does; it cannot turn the failure into a success.
    const verdict = (body: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/internal/backup/checked",
        headers: { authorization: `Bearer ${t.app.backup.commandToken}` },
        remoteAddress: "127.0.0.1",
        payload: { check: key, bytes: 0, location: "/mnt/usb/x.tar.gz", ...body },
      });
    expect((await verdict({ succeeded: true })).statusCode).toBe(409);
    expect((await verdict({ succeeded: false, error: "ENOSPC: no space left on device" })).statusCode).toBe(
      204,
    );
    expect((await status()).problem).toBe("The last backup failed: ENOSPC: no space left on device.");
  });

  it("records a backup folder that cannot be written as a failure, once a day, and does not fall over the next minute", async () => {
    const blocked = join(folder, "a-file");
    writeFileSync(blocked, "not a folder");
    const deps = { ...t.app.backup.deps, destinations: { dir: join(blocked, "backups") } };
    await expect(runScheduledBackup(deps)).rejects.toThrow();
    expect((await status()).problem).toMatch(/^The last backup failed: .*a-file/);
    clock.advanceMinutes(1);
    await expect(runScheduledBackup(deps)).resolves.toBe(false);
  });

  it("shows a backup cut off by a killed process as not finished, on the dashboard", async () => {
    clock.advanceMinutes(5);
    await t.database.db.insert(backupRuns).values({ trigger: "command", startedAt: clock.now() });
    // Still running a minute on is a backup in progress; two hours on, its process is gone.
    clock.advanceMinutes(1);
    expect((await status()).last?.outcome).toBe("running");
    clock.advanceMinutes(120);
    expect((await status()).problem).toBe(
      "The last backup did not finish: the process making it was stopped. Make one now, or wait for the next.",
    );
  });

  it("refuses a crafted file naming a table of the catalog, or a path outside the records, before it changes anything", async () => {
    await bookPaidAppointment(t.app, { appointmentDate: "2026-11-27" });
    const target = createLocalRecordStore(join(folder, "records-target"));
    const cases = {
      catalog: { "tables/pg_authid/000001.jsonl": '{"rolname":"intruder","rolsuper":true}' },
      traversal: { "records/../../../etc/cron.d/x": "* * * * * root true" },
      unknown: { "etc/passwd": "root:x:0:0" },
    };
    for (const [name, entries] of Object.entries(cases)) {
      const file = join(folder, `${name}.tar.gz`);
      await craftedBackup(file, entries);
      // Even with --replace, the database that holds the booking keeps it: the file is refused first.
      await expect(
        restoreBackup({ database: t.database, store: target }, file, { replace: true }),
        name,
      ).rejects.toThrow(/is not a backup of this site/);
      const counted = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n FROM appointments`),
      );
      expect(counted[0]?.n, name).toBe(1);
    }
  });

  it("names the table a restore could not insert, and no patient's details", async () => {
    const file = join(folder, "doubled.tar.gz");
    await writeBackup(
      { database: t.database, store: t.app.recordStore, storage: "local" },
      createWriteStream(file),
      { now: clock.now() },
    );
    const doubled = join(folder, "doubled-page.tar.gz");
    const pages: Record<string, string> = {};
    const manifest = await readBackup(file, undefined, async (name, data) => {
      if (name.startsWith("tables/")) pages[name] = data.toString("utf8");
    });
    const appointments = Object.entries(pages).find(([name]) => name.startsWith("tables/appointments/"));
    expect(appointments).toBeDefined();
    const [pageName, page] = appointments ?? ["", ""];
    pages[pageName.replace(/\d{6}\.jsonl$/, "999999.jsonl")] = page;
    const writer = await createBackupWriter(createWriteStream(doubled));
    for (const [name, text] of Object.entries(pages)) await writer.add(name, Buffer.from(text));
    await writer.finish({ ...manifest, records: { storage: "included", keys: [] } });

    const database = await createTestDatabase(engine);
    try {
      const refusal = await restoreBackup(
        { database, store: createLocalRecordStore(join(folder, "records-doubled")) },
        doubled,
        {},
      ).catch((error: unknown) => error as Error);
      expect(refusal).toBeInstanceOf(Error);
      expect(refusal instanceof Error ? refusal.message : "").toMatch(
        /^Restoring the table appointments failed: /,
      );
      expect(refusal instanceof Error ? refusal.message : "").not.toMatch(/Meera|pillai|98450/i);
    } finally {
      await database.dispose();
    }
  });

  it("answers HEAD on the backup routes without making a backup", async () => {
    const before = (await status()).last?.startedAt;
    const cookie = await signIn();
    const head = await t.app.inject({
      method: "HEAD",
      url: "/api/admin/backups/download",
      headers: doctorHeaders(cookie),
    });
    expect(head.statusCode).not.toBe(200);
    const internal = await t.app.inject({
      method: "HEAD",
      url: "/api/internal/backup",
      headers: { authorization: `Bearer ${t.app.backup.commandToken}` },
    });
    expect(internal.statusCode).toBe(404);
    expect((await status()).last?.startedAt).toBe(before);
  });
});
