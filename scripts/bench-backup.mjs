// `npm run bench:backup`: the backup budget of docs/performance.md. A practice of 10,000 appointments and 200 MB
// of reports on the embedded database is backed up through the running server (as `npm run backup` does) while
// /api/health is asked every 50 ms, then restored into a new embedded database and, with TEST_DATABASE_URL or
// BENCH_DATABASE_URL set, into PostgreSQL. Writes the "backup" section of docs/performance.md.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { root } from "./build-state.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { startSite, writeSection } from "./bench-public.mjs";

const APPOINTMENTS = 10_000;
const REPORTS = 100;
const REPORT_MB = 2;

ensureBuild();
const work = mkdtempSync(join(tmpdir(), "clinic-bench-backup-"));
const dataDir = join(work, "data");
const env = { ...process.env, DATA_DIR: dataDir, BACKUP_PASSPHRASE: "benchmark backup passphrase" };
delete env.DATABASE_URL;

function run(args, extraEnv = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}${result.stdout}`);
  return (performance.now() - started) / 1000;
}

// A started and stopped site makes the database; the seed then fills it.
const first = await startSite({ DATA_DIR: dataDir });
await first.stop();
run([
  "--import",
  "tsx",
  join(root, "scripts/bench-backup-seed.ts"),
  dataDir,
  String(APPOINTMENTS),
  String(REPORTS),
  String(REPORT_MB),
]);

const site = await startSite({ DATA_DIR: dataDir, BACKUP_PASSPHRASE: env.BACKUP_PASSPHRASE });
// The jobs a start runs at once (the hold sweep, the retention check of every record) finish first: the figures are
// the backup's alone.
await new Promise((resolve) => setTimeout(resolve, 15_000));
const health = [];
let backingUp = true;
const probe = (async () => {
  while (backingUp) {
    const started = performance.now();
    await fetch(`${site.base}/api/health`);
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();
const backupDir = join(work, "backups");
mkdirSync(backupDir);
const backupSeconds = await new Promise((resolve, reject) => {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, "dist/server/backup.js"), backupDir], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => (errors += chunk));
  child.once("exit", (code) =>
    code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(errors)),
  );
});
backingUp = false;
await probe;
await site.stop();
const file = join(backupDir, readdirSync(backupDir)[0]);
const backupMb = statSync(file).size / 1024 / 1024;

const restoredDir = join(work, "restored");
const pgliteRestoreSeconds = run([join(root, "dist/server/restore.js"), file], { DATA_DIR: restoredDir });

let postgresRestoreSeconds;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `clinic_bench_restore_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    postgresRestoreSeconds = run([join(root, "dist/server/restore.js"), file], {
      DATABASE_URL: url.toString(),
      DATA_DIR: join(work, "pg-data"),
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
rmSync(work, { recursive: true, force: true });

health.sort((a, b) => a - b);
const p99 = health[Math.ceil(0.99 * health.length) - 1];
const max = health[health.length - 1];
const row = (what, value, budget, ok) => `| ${what} | ${value} | ${budget} | ${ok ? "met" : "**not met**"} |`;
const text = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:backup\`: ${APPOINTMENTS.toLocaleString("en")} appointments and ${REPORTS} reports of ${REPORT_MB} MB (random bytes, as scans hardly compress) on the embedded database, sealed with a passphrase; the backup taken through the running server.`,
  "",
  "| What | Measured | Budget | |",
  "| --- | --- | --- | --- |",
  row(
    "Backup (file of " + backupMb.toFixed(0) + " MB)",
    `${backupSeconds.toFixed(1)} s`,
    "60 s",
    backupSeconds < 60,
  ),
  row(
    "Restore into a new embedded database",
    `${pgliteRestoreSeconds.toFixed(1)} s`,
    "120 s",
    pgliteRestoreSeconds < 120,
  ),
  ...(postgresRestoreSeconds === undefined
    ? []
    : [
        row(
          "Restore into PostgreSQL",
          `${postgresRestoreSeconds.toFixed(1)} s`,
          "120 s",
          postgresRestoreSeconds < 120,
        ),
      ]),
  row(
    `/api/health during the backup (${health.length} checks): p99 / max`,
    `${p99.toFixed(0)} / ${max.toFixed(0)} ms`,
    "100 ms",
    max < 100,
  ),
].join("\n");
console.log(text);
writeSection("backup", text);
