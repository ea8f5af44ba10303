// Builds only when dist/ is missing or older than the sources. Several test files (and `npm test` itself) may ask at
// once; one builds while the others wait for it, so two builds never write dist/ together.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtFingerprint, root, sourceFingerprint } from "./build-state.mjs";

const lockDir = join(root, ".build-lock");

export function ensureBuild() {
  let waited = false;
  while (builtFingerprint() !== sourceFingerprint()) {
    if (takeLock()) {
      buildHoldingLock();
      return;
    }
    if (!waited) console.log("Waiting for the build another process started...");
    waited = true;
    pause(200);
  }
}

function buildHoldingLock() {
  let status;
  try {
    if (builtFingerprint() === sourceFingerprint()) return;
    console.log("Building the site (first start or sources changed)...");
    status = spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" }).status ?? 1;
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
  // After the lock is gone: exiting inside `try` would skip `finally` and leave it for every later caller.
  if (status !== 0) process.exit(status);
}

/** Takes the lock, or answers false while a living process holds it; a lock whose process is gone is broken. */
function takeLock() {
  try {
    mkdirSync(lockDir);
    writeFileSync(join(lockDir, "pid"), String(process.pid));
    return true;
  } catch {
    const holder = lockHolder();
    if (holder !== undefined && !isRunning(holder)) breakLock(holder);
    // A holder killed between taking the lock and writing its number: nobody builds for that long.
    else if (holder === undefined && lockAgeMs() > 60_000) rmSync(lockDir, { recursive: true, force: true });
    return false;
  }
}

function lockHolder() {
  try {
    return Number(readFileSync(join(lockDir, "pid"), "utf8"));
  } catch {
    return undefined;
  }
}

function lockAgeMs() {
  try {
    return Date.now() - statSync(lockDir).mtimeMs;
  } catch {
    return 0;
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * Moves the lock aside under a name of this process's own, then removes it only if it is still the dead holder's:
 * a waiter that broke it a moment earlier and took a new one keeps its lock (it is put back).
 */
function breakLock(deadHolder) {
  const aside = `${lockDir}.${process.pid}`;
  try {
    renameSync(lockDir, aside);
  } catch {
    return;
  }
  let holder;
  try {
    holder = Number(readFileSync(join(aside, "pid"), "utf8"));
  } catch {
    holder = undefined;
  }
  if (holder === deadHolder) rmSync(aside, { recursive: true, force: true });
  else {
    try {
      renameSync(aside, lockDir);
    } catch {
      rmSync(aside, { recursive: true, force: true });
    }
  }
}

function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
