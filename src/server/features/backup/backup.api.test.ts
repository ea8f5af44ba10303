import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bookPaidAppointment, TEST_SITE, testEngines, useSiteApp } from "../../testing/test-app";
import { backupStatusOf } from "../../testing/backups";
import { readBackup } from "./archive";
import { runScheduledBackup } from "./service";

/**
 * Backups as the doctor and whoever runs the site meet them: the dashboard's status and download, the command's
 * way in on the embedded database, and the daily backup with its retention and its failures.
 */
// 26 Nov 2026, 2:00 AM IST.
const START = "2026-11-25T20:30:00Z";
const PASSPHRASE = "passphrase of the backup tests";

describe.each(testEngines)("backups on %s", (engine) => {
  // Made now: the app's options below name it, and they are read before the suite's own beforeAll runs.
  const folder = { path: mkdtempSync(join(tmpdir(), "clinic-backups-")) };
  const backupDir = join(folder.path, "backups");
  const { clock, t, signIn } = useSiteApp(engine, START, () => ({
    env: {
      BACKUP_SCHEDULE: "02:30",
      BACKUP_DIR: backupDir,
      BACKUP_KEEP: "2",
      BACKUP_PASSPHRASE: PASSPHRASE,
      METRICS_TOKEN: "metrics-token-of-the-backup-tests-0123456789",
    },
  }));

  afterAll(() => rm(folder.path, { recursive: true, force: true }));

  const status = () => backupStatusOf(t.app);

  it("makes the day's backup once at the scheduled time, keeps the newest BACKUP_KEEP, and shows each on the dashboard", async () => {
    await bookPaidAppointment(t.app, { appointmentDate: "2026-11-27" });
    expect((await status()).problem).toMatch(/No backup has been made yet/);
    // 2:00 AM: not yet.
    expect(await runScheduledBackup(t.app.backup.deps)).toBe(false);
    for (const day of ["2026-11-25", "2026-11-26", "2026-11-27"]) {
      clock.set(`${day}T21:01:00Z`); // 2:31 AM IST the next day
      expect(await runScheduledBackup(t.app.backup.deps)).toEqual({
        location: expect.stringMatching(/clinic-backup-.*\.tar\.gz\.sealed$/) as unknown,
        bytes: expect.any(Number) as unknown,
      });
      // Once a day, however often it is looked at.
      clock.advanceMinutes(30);
      expect(await runScheduledBackup(t.app.backup.deps)).toBe(false);
    }
    const files = readdirSync(backupDir).sort();
    expect(files).toEqual([
      "clinic-backup-2026-11-27-023100.tar.gz.sealed",
      "clinic-backup-2026-11-28-023100.tar.gz.sealed",
    ]);
    const manifest = await readBackup(join(backupDir, files[1] ?? ""), PASSPHRASE);
    expect(manifest.tables.find((table) => table.name === "appointments")?.rows).toBe(1);

    const shown = await status();
    expect(shown).toMatchObject({
      schedule: "02:30",
      sealed: true,
      problem: null,
      last: { outcome: "succeeded", trigger: "schedule" },
    });
    expect(shown.last?.bytes).toBeGreaterThan(0);

    // Two days without a backup (the server was down): the dashboard says so.
    clock.set("2026-11-29T23:00:00Z");
    expect((await status()).problem).toBe("No backup has succeeded for more than a day.");
  });

  it("records a backup that could not be delivered as failed, on the dashboard and in the metrics", async () => {
    const refusingBucket = {
      ...t.app.recordStore,
      put: () => Promise.reject(new Error("the bucket refused the file")),
    };
    const deps = { ...t.app.backup.deps, destinations: { dir: backupDir, bucket: refusingBucket } };
    clock.set("2026-11-30T21:01:00Z");
    await expect(runScheduledBackup(deps)).rejects.toThrow("the bucket refused the file");
    expect((await status()).problem).toBe("The last backup failed: the bucket refused the file.");
    const metrics = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer metrics-token-of-the-backup-tests-0123456789" },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^clinic_backup_last_failed 1$/m);
    const lastSuccess = /^clinic_backup_last_success_timestamp_seconds (\d+)/m.exec(metrics.body)?.[1];
    expect(Number(lastSuccess)).toBe(Date.parse("2026-11-27T21:01:00Z") / 1000);
    // No half-written file is left where backups are kept.
    expect(readdirSync(backupDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("lets only the doctor download a backup now, which restores, and records it", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/backups/download" })).statusCode).toBe(401);
    const cookie = await signIn();
    const download = await t.app.inject({
      method: "GET",
      url: "/api/admin/backups/download",
      headers: { cookie, origin: TEST_SITE, "accept-encoding": "gzip, deflate, br" },
    });
    expect(download.statusCode, download.body).toBe(200);
    // Sent as it is, though the browser takes compressed answers: a backup does not shrink.
    expect(download.headers["content-encoding"]).toBeUndefined();
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="clinic-backup-.*\.tar\.gz\.sealed"/,
    );
    expect(download.headers["cache-control"]).toBe("no-store");
    const file = join(folder.path, "downloaded");
    writeFileSync(file, download.rawPayload);
    const manifest = await readBackup(file, PASSPHRASE);
    expect(manifest.tables.find((table) => table.name === "appointments")?.rows).toBe(1);
    expect((await status()).last).toMatchObject({ outcome: "succeeded", trigger: "download" });
  });

  it("answers the command's request only with the server's token, from this machine, sealed as the command asks", async () => {
    const token = t.app.backup.commandToken;
    const ask = (
      headers: Record<string, string>,
      remoteAddress = "127.0.0.1",
      payload: object | string = { passphrase: null },
    ) => t.app.inject({ method: "POST", url: "/api/internal/backup", headers, remoteAddress, payload });
    expect((await ask({})).statusCode).toBe(404);
    // Without the token, even a request it could not take is only ever "not here".
    expect((await ask({}, "127.0.0.1", { what: "ever" })).statusCode).toBe(404);
    // Spelled another way, without the token: never a backup.
    for (const url of [
      "/api/%69nternal/backup",
      "//api/internal/backup",
      "/api/./internal/backup",
      "/API/INTERNAL/BACKUP",
      "/api/internal/backup%00",
    ]) {
      const answer = await t.app.inject({ method: "POST", url, remoteAddress: "127.0.0.1", payload: {} });
      expect([400, 404], url).toContain(answer.statusCode);
    }
    // Before reading any body, and in the words of a path that is not there.
    const xml = await t.app.inject({
      method: "POST",
      url: "/api/internal/backup",
      remoteAddress: "127.0.0.1",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(404);
    expect(xml.json<{ message: string }>().message).toBe("No API route POST /api/internal/backup");
    expect((await ask({ authorization: `Bearer ${token.slice(0, -1)}x` })).statusCode).toBe(404);
    expect((await ask({ authorization: `Bearer ${token}` }, "203.0.113.9")).statusCode).toBe(404);
    const authorised = { authorization: `Bearer ${token}` };
    for (const [payload, message] of [
      [{ passphrase: "short" }, "Too small: expected string to have >=12 characters"],
      [{ passphrase: null, extra: 1 }, 'Unrecognized key: "extra"'],
      [[1, 2], "Invalid input: expected object, received array"],
    ] as const) {
      const refused = await ask(authorised, "127.0.0.1", payload);
      expect(refused.statusCode).toBe(400);
      // The site's one error shape, in the words of the validation.
      expect(refused.json<{ message: string }>().message).toBe(message);
    }

    // The command without a passphrase gets an unsealed file, though this server seals its own.
    const checked = (verdict: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/internal/backup/checked",
        headers: authorised,
        remoteAddress: "127.0.0.1",
        payload: verdict,
      });
    clock.advanceMinutes(10);
    const plain = await ask(authorised);
    expect(plain.statusCode).toBe(200);
    const plainKey = String(plain.headers["x-backup-check"]);
    const plainFile = join(folder.path, "by-command.tar.gz");
    writeFileSync(plainFile, plain.rawPayload);
    await expect(readBackup(plainFile, undefined)).resolves.toMatchObject({ engine });
    // Made, but not yet counted: the command has not said it read the file back.
    expect((await status()).last).toMatchObject({ outcome: "running", trigger: "command" });

    // With its own passphrase, sealed with that one; made while the first waits for its check.
    const own = "the command's passphrase, not the server's";
    clock.advanceMinutes(10);
    // Asked as the command's fetch asks, taking compressed answers: the sealed file (random bytes) comes as it is.
    const sealed = await ask({ ...authorised, "accept-encoding": "gzip, deflate" }, "127.0.0.1", {
      passphrase: own,
    });
    expect(sealed.headers["content-encoding"]).toBeUndefined();
    const sealedKey = String(sealed.headers["x-backup-check"]);
    const sealedFile = join(folder.path, "by-command.tar.gz.sealed");
    writeFileSync(sealedFile, sealed.rawPayload);
    await expect(readBackup(sealedFile, PASSPHRASE)).rejects.toThrow();
    await expect(readBackup(sealedFile, own)).resolves.toMatchObject({ engine });

    // Each verdict lands on the backup its key names, whatever came between; a key nobody was given, on none.
    const verdict = { succeeded: true, bytes: 10, location: "/first" };
    expect((await checked({ ...verdict, check: "made-up" })).statusCode).toBe(409);
    expect((await checked({ ...verdict, check: plainKey })).statusCode).toBe(204);
    expect((await checked({ ...verdict, check: plainKey })).statusCode).toBe(409); // told once only
    const failed = { succeeded: false, bytes: 0, location: "/second", error: "No space left on device." };
    expect((await checked({ ...failed, check: sealedKey })).statusCode).toBe(204);
    const { last, lastSuccess, problem } = await status();
    expect(last).toMatchObject({ outcome: "failed", location: "/second" });
    expect(lastSuccess).toMatchObject({ outcome: "succeeded", bytes: 10, location: "/first" });
    expect(problem).toBe("The last backup failed: No space left on device.");
  });
});
