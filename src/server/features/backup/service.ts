import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { Gauge, type Registry } from "prom-client";
import type { BackupStatusView } from "@shared/backup";
import { clinicDate } from "@shared/clinic-time";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { RecordStore } from "../../integrations/record-store/record-store";
import { writeBackup, type BackupSummary } from "./create";
import {
  finishRun,
  latestRuns,
  latestSuccess,
  startRun,
  type BackupRun,
  type BackupTrigger,
} from "./repository";

export type { BackupTrigger } from "./repository";

export interface BackupDeps {
  database: Database;
  /** Where the stored reports are: the local folder's go into the file, a bucket's are listed. */
  records: RecordStore;
  recordsInBucket: boolean;
  /** Where scheduled backups go: a folder and/or a bucket of their own. */
  destinations: { dir?: string | undefined; bucket?: RecordStore | undefined };
  config: Config["backup"];
  timeZone: string;
  now: () => Date;
}

/** A backup's file name: `clinic-backup-2026-11-27-0230` (in a bucket), with `.tar.gz` or `.tar.gz.sealed` in a folder. */
export function backupName(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "00";
  return `clinic-backup-${clinicDate(at, timeZone)}-${part("hour")}${part("minute")}${part("second")}`;
}

export const backupExtension = (sealed: boolean) => (sealed ? ".tar.gz.sealed" : ".tar.gz");

const BACKUP_FILE = /^clinic-backup-\d{4}-\d{2}-\d{2}-\d{6}(\.tar\.gz|\.tar\.gz\.sealed)?$/;

/**
 * Writes a backup into `output` and records the run (its outcome, size and where it went), so the dashboard and the
 * metrics know the last one. A failure is recorded and thrown.
 */
export async function backupInto(
  deps: BackupDeps,
  /** Opens where the backup goes; called only once the run is recorded, so a failure to open is recorded too. */
  openOutput: () => Promise<Writable>,
  run: {
    trigger: BackupTrigger;
    location: string;
    scheduledFor?: string;
    /** What must also succeed for the run to count: moving the file into place, sending it to a bucket. */
    deliver?: () => Promise<void>;
    /**
     * The run is finished by whoever receives the file, once it has checked it (`finishCheckedRun`): given the
     * run's id when the file has been written, it is left running until then. A failure is still recorded here.
     */
    awaitCheck?: (runId: string) => void;
    /** Told the run's id once it is recorded. */
    onStart?: (runId: string) => void;
  },
): Promise<BackupSummary | undefined> {
  const { db } = deps.database;
  const id = await startRun(db, {
    trigger: run.trigger,
    startedAt: deps.now(),
    ...(run.scheduledFor ? { scheduledFor: run.scheduledFor } : {}),
  });
  if (!id) return undefined;
  run.onStart?.(id);
  try {
    const output = await openOutput();
    const summary = await writeBackup(
      { database: deps.database, store: deps.records, storage: deps.recordsInBucket ? "bucket" : "local" },
      output,
      { passphrase: deps.config.passphrase, now: deps.now() },
    );
    await finished(output);
    await run.deliver?.();
    if (run.awaitCheck) {
      run.awaitCheck(id);
      return summary;
    }
    await finishRun(db, id, {
      succeeded: true,
      finishedAt: deps.now(),
      bytes: summary.bytes,
      location: run.location,
    });
    return summary;
  } catch (error) {
    await finishRun(db, id, {
      succeeded: false,
      finishedAt: deps.now(),
      location: run.location,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

/** Finishes a run left open for its receiver's check (`awaitCheck`), with what the check found. */
export async function finishCheckedRun(
  deps: Pick<BackupDeps, "database" | "now">,
  runId: string,
  outcome: { succeeded: boolean; bytes: number; location: string; error?: string },
): Promise<void> {
  await finishRun(deps.database.db, runId, { ...outcome, finishedAt: deps.now() });
}

/**
 * The daily backup: once per clinic day at BACKUP_SCHEDULE or after, written to a temporary name and renamed, so a
 * file with a backup's name is always whole; copied to the bucket when one is set; the oldest beyond BACKUP_KEEP
 * deleted from each place. Answers where a backup was made now and its size, or false when none was due.
 */
export async function runScheduledBackup(
  deps: BackupDeps,
): Promise<{ location: string; bytes: number } | false> {
  const { schedule } = deps.config;
  const now = deps.now();
  if (!schedule || clinicTimeOfDay(now, deps.timeZone) < schedule) return false;
  const day = clinicDate(now, deps.timeZone);
  const sealed = Boolean(deps.config.passphrase);
  const name = backupName(now, deps.timeZone);
  // With a bucket only, the file waits in the temporary folder on its way there.
  const dir = deps.destinations.dir ?? tmpdir();
  const file = join(dir, name + backupExtension(sealed));
  const partial = `${file}.partial`;
  let output: Writable | undefined;
  const openOutput = async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    output = createWriteStream(partial, { mode: 0o600 });
    return output;
  };
  const { bucket } = deps.destinations;
  const deliver = async () => {
    await rename(partial, file);
    if (bucket) await bucket.put(name, createReadStream(file), "application/octet-stream");
  };
  let made: BackupSummary | undefined;
  const location = [deps.destinations.dir ? file : undefined, bucket ? `bucket: ${name}` : undefined]
    .filter(Boolean)
    .join(", ");
  try {
    made = await backupInto(deps, openOutput, { trigger: "schedule", location, scheduledFor: day, deliver });
  } finally {
    if (output) {
      output.destroy();
      await rm(partial, { force: true });
      // Without a folder of its own, the copy on this machine was only the way to the bucket.
      if (!deps.destinations.dir) await rm(file, { force: true });
    }
  }
  if (!made) return false;
  if (bucket) await pruneBucket(bucket, deps.config.keep);
  if (deps.destinations.dir) await pruneFolder(deps.destinations.dir, deps.config.keep);
  return { location, bytes: made.bytes };
}

/** HH:MM in the clinic's zone, comparable as text with BACKUP_SCHEDULE. */
function clinicTimeOfDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
}

async function pruneFolder(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep)))
    await rm(join(dir, name), { force: true });
}

async function pruneBucket(bucket: RecordStore, keep: number): Promise<void> {
  const names: string[] = [];
  for await (const key of bucket.keys()) if (BACKUP_FILE.test(key)) names.push(key);
  names.sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep))) await bucket.delete(name);
}

/**
 * A run still "running" after this long was cut off (the process making it was stopped or killed): a backup of the
 * budget's size takes under a minute.
 */
const UNFINISHED_MS = 60 * 60 * 1000;

function cutOff(run: BackupRun | undefined, now: Date): boolean {
  return run?.outcome === "running" && now.getTime() - run.startedAt.getTime() > UNFINISHED_MS;
}

/** A scheduled backup is overdue when the last success is older than a day and an hour. */
const OVERDUE_MS = 25 * 60 * 60 * 1000;

/** What the dashboard shows: the last backup, the last good one, and what is wrong if anything. */
export async function backupStatus(
  deps: Pick<BackupDeps, "database" | "config" | "now">,
): Promise<BackupStatusView> {
  const { db } = deps.database;
  const [last] = await latestRuns(db, 1);
  const success = await latestSuccess(db);
  const view = (run: typeof last) =>
    run
      ? {
          startedAt: run.startedAt.toISOString(),
          finishedAt: run.finishedAt?.toISOString() ?? null,
          outcome: run.outcome as "running" | "succeeded" | "failed",
          bytes: run.bytes,
          trigger: run.trigger,
          location: run.location,
          error: run.error,
        }
      : null;
  let problem: string | null = null;
  const now = deps.now().getTime();
  if (cutOff(last, deps.now()))
    problem =
      "The last backup did not finish: the process making it was stopped. Make one now, or wait for the next.";
  else if (last?.outcome === "failed")
    problem = `The last backup failed: ${(last.error ?? "no reason recorded").replace(/\.+$/, "")}.`;
  else if (deps.config.schedule && (!success || now - success.startedAt.getTime() > OVERDUE_MS))
    problem = success
      ? "No backup has succeeded for more than a day."
      : "No backup has been made yet; the first runs at the scheduled time.";
  else if (!deps.config.schedule && !success)
    problem = "No backup has been made. Set BACKUP_SCHEDULE for a daily one, or download one now.";
  return {
    schedule: deps.config.schedule ?? null,
    sealed: Boolean(deps.config.passphrase),
    last: view(last),
    lastSuccess: view(success),
    problem,
  };
}

/** Adds the backup's figures to the metrics: when the last good backup started, and whether the last one failed. */
export function registerBackupMetrics(registry: Registry, deps: Pick<BackupDeps, "database" | "now">): void {
  new Gauge({
    name: "clinic_backup_last_success_timestamp_seconds",
    help: "When the last backup that succeeded started, in seconds since 1970 (0: none yet).",
    registers: [registry],
    async collect() {
      const success = await latestSuccess(deps.database.db);
      this.set(success ? success.startedAt.getTime() / 1000 : 0);
    },
  });
  new Gauge({
    name: "clinic_backup_last_failed",
    help: "1 when the last backup failed, else 0.",
    registers: [registry],
    async collect() {
      const [last] = await latestRuns(deps.database.db, 1);
      this.set(last?.outcome === "failed" || cutOff(last, deps.now()) ? 1 : 0);
    },
  });
}
