// Builds only when dist/ is missing or older than the sources. Several test files (and `npm test` itself) may ask at
// once; one builds while the others wait for it, so two builds never write dist/ together.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { builtFingerprint, root, sourceFingerprint } from "./build-state.mjs";

const lockDir = join(root, ".build-lock");
/** A lock older than this was left by a build that was killed; a build on this machine takes well under a minute. */
const staleLockMs = 5 * 60_000;

export function ensureBuild() {
  while (builtFingerprint() !== sourceFingerprint()) {
    if (!takeLock()) {
      waitForLock();
      continue;
    }
    try {
      if (builtFingerprint() === sourceFingerprint()) return;
      console.log("Building the site (first start or sources changed)...");
      const result = spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" });
      if (result.status !== 0) process.exit(result.status ?? 1);
    } finally {
      rmSync(lockDir, { recursive: true, force: true });
    }
  }
}

function takeLock() {
  try {
    mkdirSync(lockDir);
    return true;
  } catch {
    const taken = lockTime();
    if (taken !== undefined && Date.now() - taken > staleLockMs)
      rmSync(lockDir, { recursive: true, force: true });
    return false;
  }
}

/** When the lock was taken, or undefined when nobody holds it. */
function lockTime() {
  try {
    return statSync(lockDir).mtimeMs;
  } catch {
    return undefined;
  }
}

function waitForLock() {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let taken = lockTime(); taken !== undefined && Date.now() - taken < staleLockMs; taken = lockTime()) {
    Atomics.wait(pause, 0, 0, 200);
  }
}
