import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { readBackup } from "../features/backup/archive";
import { publishCommandAccess } from "../features/backup/command-access";
import { projectRoot } from "../paths";
import { backupStatusOf } from "../testing/backups";
import { seededDataDir } from "../testing/seeded-data-dir";
import { bookPaidAppointment, createTestApp, TEST_SITE, type TestApp } from "../testing/test-app";

const PASSPHRASE = "the command's own passphrase";

/** `npm run backup` from the sources, in its own process, beside a server that holds the embedded database. */
function runBackup(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return runCommand("backup.ts", dataDir, args, env);
}

/** A command of src/server/cli from the sources, in its own process, with DATA_DIR and `env` only. */
function runCommand(
  script: string,
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(projectRoot, "src/server/cli", script), ...args],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...env } },
    );
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run backup beside the running server on the embedded database", () => {
  const dataDir = seededDataDir("clinic-backup-cli-");
  const out = mkdtempSync(join(tmpdir(), "clinic-backup-out-"));
  let t: TestApp;
  let withdraw = () => undefined as void;

  beforeAll(async () => {
    // The server has no passphrase of its own; the command's decides.
    const database = await openDatabase({ dataDir });
    t = await createTestApp("pglite", {
      database: { ...database, dispose: () => database.close() },
      env: { DATA_DIR: dataDir, PUBLIC_BASE_URL: TEST_SITE },
    });
    await bookPaidAppointment(t.app, { appointmentDate: "2026-12-01" });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    withdraw = publishCommandAccess(dataDir, {
      url: `http://127.0.0.1:${port}`,
      token: t.app.backup.commandToken,
    });
  });

  afterAll(async () => {
    withdraw();
    await t.close();
    await rm(out, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it("seals the file with the command's BACKUP_PASSPHRASE, checks it, and only then counts it on the dashboard", async () => {
    const run = await runBackup(dataDir, [`${out}/`], { BACKUP_PASSPHRASE: PASSPHRASE });
    expect(run.output).toContain("through the running server");
    expect(run.code, run.output).toBe(0);
    const [name = ""] = readdirSync(out);
    expect(name).toMatch(/^clinic-backup-.*\.tar\.gz\.sealed$/);
    const file = join(out, name);
    await expect(readBackup(file, undefined)).rejects.toThrow(/encrypted/);
    const manifest = await readBackup(file, PASSPHRASE);
    expect(manifest.tables.find((table) => table.name === "appointments")?.rows).toBe(1);
    expect((await backupStatusOf(t.app)).last).toMatchObject({
      outcome: "succeeded",
      trigger: "command",
      bytes: statSync(file).size,
      location: file,
    });
  });

  it("refuses a folder that is not there, a name that does not say whether it is sealed, and a short passphrase, writing nothing", async () => {
    const before = (await backupStatusOf(t.app)).last?.startedAt;
    const missing = await runBackup(dataDir, [join(out, "not-mounted") + "/"]);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("does not exist (is its drive mounted?)");
    expect(existsSync(join(out, "not-mounted"))).toBe(false);

    const misnamed = await runBackup(dataDir, [join(out, "named.tar.gz")], { BACKUP_PASSPHRASE: PASSPHRASE });
    expect(misnamed.code).toBe(1);
    expect(misnamed.output).toContain("….tar.gz.sealed");
    expect(existsSync(join(out, "named.tar.gz"))).toBe(false);

    const [made = ""] = readdirSync(out);
    const again = await runBackup(dataDir, [join(out, made)], { BACKUP_PASSPHRASE: PASSPHRASE });
    expect(again.code).toBe(1);
    expect(again.output).toContain("already exists");

    const short = await runBackup(dataDir, [`${out}/`], { BACKUP_PASSPHRASE: "short" });
    expect(short.code).toBe(1);
    expect(short.output).toContain("`npm run backup` cannot run with these settings:");
    expect(short.output).toContain("BACKUP_PASSPHRASE: must be at least 12 characters");
    expect(readdirSync(out)).toHaveLength(1);
    expect((await backupStatusOf(t.app)).last?.startedAt).toBe(before);
  });
});

describe("npm run backup with a DATA_DIR that holds no database", () => {
  it("refuses it and creates nothing there, neither a database nor a backup folder", async () => {
    const parent = mkdtempSync(join(tmpdir(), "clinic-backup-nodata-"));
    try {
      for (const dataDir of [join(parent, "mistyped"), parent]) {
        const run = await runBackup(dataDir, []);
        expect(run.code).toBe(1);
        expect(run.output).toContain("holds no clinic database: set DATA_DIR to the server's data folder");
        expect(run.output).toContain("Nothing was written.");
        expect(run.output).not.toContain("Failed query");
      }
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe("npm run restore with a path that names no backup file", () => {
  it("says there is no such file, or that it is a folder, and writes nothing", async () => {
    const parent = mkdtempSync(join(tmpdir(), "clinic-restore-nofile-"));
    const dataDir = join(parent, "data");
    try {
      const missing = await runCommand("restore.ts", dataDir, [join(parent, "nope.tar.gz")]);
      expect(missing.code).toBe(1);
      expect(missing.output).toContain(
        `There is no file ${join(parent, "nope.tar.gz")}. Nothing was written.`,
      );
      expect(missing.output).not.toContain("damaged");
      const folder = await runCommand("restore.ts", dataDir, [parent]);
      expect(folder.code).toBe(1);
      expect(folder.output).toContain("is not a file but a folder");
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
