import { createHash, randomBytes } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, isAbsolute, join, relative } from "node:path";
import { DatabaseOpenError } from "./open-error";

/**
 * One process at a time per embedded-database folder. PGlite has no lock of its own: two processes on one folder
 * both accept writes, and each overwrites the other's files. The lock is a file in the folder naming its holder;
 * it is created atomically (`wx`), removed on close and at process exit, and a lock whose holder is gone (killed,
 * machine restarted) is cleared by the next opener.
 */
export const LOCK_FILE_NAME = "clinic.lock";

/** The label a lock held by `npm run admin:password` carries. */
export const ADMIN_PASSWORD_COMMAND = "npm run admin:password";

/** A lock file that does not parse is being written; after this long its writer is taken as dead. */
const UNSETTLED_GRACE_MS = 5_000;
const RETRY_MS = 25;
const GIVE_UP_MS = 15_000;

interface LockHolder {
  pid: number;
  hostname: string;
  /** What was started, e.g. `npm start`. */
  command: string;
  /** When the lock was taken, ISO 8601. */
  since: string;
}

interface LockRecord extends LockHolder {
  /** Unique per lock, so a process never mistakes another lock for its own. */
  token: string;
  /** Linux: the boot the holder ran in, and its start time in clock ticks since boot (tells a reused pid apart). */
  bootId?: string;
  processStart?: number;
}

export class DataDirInUseError extends DatabaseOpenError {
  override name = "DataDirInUseError";
  /** The holder runs on another machine or container, so whether it still runs cannot be checked from here. */
  readonly elsewhere: boolean;
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    const elsewhere = holder.hostname !== hostname();
    super(
      `The database folder ${dataDir} is in use by another process (${describeHolder(holder)}). ` +
        "Stop that process first, or set DATA_DIR to another folder." +
        (elsewhere ? ` If that machine or container no longer runs, delete ${lockFile}.` : ""),
    );
    this.elsewhere = elsewhere;
  }
}

/** `pid 1234, npm start since 10:32`, with the host when it is another machine or container. */
export function describeHolder(holder: LockHolder): string {
  const host = holder.hostname !== hostname() ? ` on host ${holder.hostname}` : "";
  const since = formatSince(holder.since);
  return `pid ${holder.pid}${host}, ${holder.command}${since ? ` since ${since}` : ""}`;
}

function formatSince(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const two = (value: number) => String(value).padStart(2, "0");
  const time = `${two(date.getHours())}:${two(date.getMinutes())}`;
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? time
    : `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${time}`;
}

interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still this lock's; safe to call more than once. */
  release(): void;
}

/** Tokens of the locks this process holds or is taking, so a lock naming our own pid can be judged. */
const ownTokens = new Set<string>();
/** Held lock files and their tokens, removed at process exit if not released before. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * Takes the folder's lock or throws DataDirInUseError naming the process that has it. Waits only while a lock file
 * is half written or another process is clearing a stale one.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = join(dataDir, LOCK_FILE_NAME);
  const record = newRecord();
  const text = `${JSON.stringify(record, null, 2)}\n`;
  ownTokens.add(record.token);
  let result: Awaited<ReturnType<typeof acquire>>;
  try {
    result = await acquire(file, text, Date.now() + GIVE_UP_MS);
  } catch (error) {
    ownTokens.delete(record.token);
    throw error;
  }
  if (!result.acquired) {
    ownTokens.delete(record.token);
    throw new DataDirInUseError(dataDir, result.holder, file);
  }
  held.set(file, record.token);
  installExitHook();
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      held.delete(file);
      removeIfOurs(file, record.token);
      ownTokens.delete(record.token);
    },
  };
}

type Acquired = { acquired: true } | { acquired: false; holder: LockRecord };

/**
 * Creates `file` with `text` unless a live process holds it. A stale lock may only be removed by the one process
 * that holds the right to clear it: the lock `<file>.break-<id>`, taken with this same function, where `<id>`
 * identifies the stale content. So of two processes that find the same stale lock, one clears it and the other
 * sees the new lock, never deleting it; a slow clearer re-reads the lock under that right before deleting.
 */
async function acquire(file: string, text: string, deadline: number): Promise<Acquired> {
  for (;;) {
    if (createExclusive(file, text)) return { acquired: true };
    const seen = observe(file);
    if (seen.state === "live") return { acquired: false, holder: seen.record };
    if (seen.state === "stale") {
      const breaker = `${file}.break-${seen.identity.slice(0, 16)}`;
      const right = await acquire(breaker, text, deadline);
      if (right.acquired) {
        try {
          if (observe(file).identity === seen.identity) unlinkQuietly(file);
        } finally {
          removeIfOurs(breaker, tokenOf(text));
        }
        continue;
      }
      // A live process is clearing it right now; look again in a moment.
    }
    if (seen.state === "absent") continue;
    if (Date.now() > deadline) {
      throw new DatabaseOpenError(
        `Could not take the lock ${file} within ${GIVE_UP_MS / 1000} s: it stayed unreadable or busy. ` +
          "If no other process uses this folder, delete that file and start again.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

function createExclusive(file: string, text: string): boolean {
  try {
    writeFileSync(file, text, { flag: "wx", mode: 0o644 });
    return true;
  } catch (error) {
    if (codeOf(error) === "EEXIST") return false;
    throw error;
  }
}

type Observation =
  | { state: "absent"; identity?: undefined }
  | { state: "unsettled"; identity: string }
  | { state: "stale"; identity: string }
  | { state: "live"; identity: string; record: LockRecord };

function observe(file: string): Observation {
  let content: string;
  let modifiedMs: number;
  try {
    const fd = openSync(file, "r");
    try {
      modifiedMs = fstatSync(fd).mtimeMs;
      content = readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (codeOf(error) === "ENOENT") return { state: "absent" };
    throw error;
  }
  const identity = createHash("sha256").update(content).digest("hex");
  const record = parseRecord(content);
  if (!record) {
    return Date.now() - modifiedMs < UNSETTLED_GRACE_MS
      ? { state: "unsettled", identity }
      : { state: "stale", identity };
  }
  return isAlive(record) ? { state: "live", identity, record } : { state: "stale", identity };
}

function isAlive(record: LockRecord): boolean {
  // Another machine or container: its processes cannot be seen from here, so the lock stands.
  if (record.hostname !== hostname()) return true;
  // Our own pid: either one of our locks, or one left by an earlier process that had the same pid.
  if (record.pid === process.pid) return ownTokens.has(record.token);
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    if (codeOf(error) === "ESRCH") return false;
    // EPERM: the process exists but belongs to another user.
  }
  const stat = procStat(record.pid);
  // Killed but not yet reaped by its parent: a zombie holds no files.
  if (stat?.state === "Z" || stat?.state === "X") return false;
  // The pid is in use, but maybe by another process than the holder (after a restart of the machine or container).
  const boot = currentBootId();
  if (record.bootId && boot && record.bootId !== boot) return false;
  if (record.processStart !== undefined && stat && stat.start !== record.processStart) return false;
  return true;
}

function parseRecord(content: string): LockRecord | undefined {
  try {
    const value = JSON.parse(content) as Partial<LockRecord> | null;
    if (
      !value ||
      typeof value.pid !== "number" ||
      !Number.isInteger(value.pid) ||
      value.pid <= 0 ||
      typeof value.token !== "string" ||
      typeof value.hostname !== "string"
    ) {
      return undefined;
    }
    return {
      pid: value.pid,
      token: value.token,
      hostname: value.hostname,
      command: typeof value.command === "string" ? value.command : "unknown command",
      since: typeof value.since === "string" ? value.since : "",
      ...(typeof value.bootId === "string" ? { bootId: value.bootId } : {}),
      ...(typeof value.processStart === "number" ? { processStart: value.processStart } : {}),
    };
  } catch {
    return undefined;
  }
}

function tokenOf(text: string): string {
  return parseRecord(text)?.token ?? "";
}

function removeIfOurs(file: string, token: string): void {
  let content: string;
  try {
    content = readFileSync(file, "utf8");
  } catch {
    return;
  }
  if (parseRecord(content)?.token === token) unlinkQuietly(file);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if (codeOf(error) !== "ENOENT") throw error;
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const [file, token] of held) {
      try {
        removeIfOurs(file, token);
      } catch {
        // The process is ending; the next opener clears a lock whose pid is gone.
      }
    }
  });
}

function newRecord(): LockRecord {
  const bootId = currentBootId();
  const processStart = procStat(process.pid)?.start;
  return {
    pid: process.pid,
    hostname: hostname(),
    command: describeCommand(),
    since: new Date().toISOString(),
    token: randomBytes(12).toString("hex"),
    ...(bootId ? { bootId } : {}),
    ...(processStart !== undefined ? { processStart } : {}),
  };
}

/** What the user started, as they would type it: `npm start`, `npm run admin:password`, or the script run. */
function describeCommand(): string {
  const script = process.argv[1];
  if (!script) return "node";
  const name = basename(script);
  if (name === "start.mjs") return "npm start";
  if (/^admin-password\.(mjs|js|ts)$/.test(name)) return ADMIN_PASSWORD_COMMAND;
  const path = relative(process.cwd(), script);
  return `node ${path && !path.startsWith("..") && !isAbsolute(path) ? path : script}`;
}

let bootIdCache: string | null | undefined;
function currentBootId(): string | undefined {
  if (bootIdCache === undefined) {
    try {
      bootIdCache = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
    } catch {
      bootIdCache = null;
    }
  }
  return bootIdCache ?? undefined;
}

/** Linux: a process's state (field 3 of /proc/<pid>/stat) and start in clock ticks after boot (field 22). */
function procStat(pid: number): { state: string; start: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may itself contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const start = Number(fields[19]);
    return fields[0] && Number.isFinite(start) ? { state: fields[0], start } : undefined;
  } catch {
    return undefined;
  }
}

function codeOf(error: unknown): string | undefined {
  return typeof error === "object" && error && "code" in error ? String(error.code) : undefined;
}
