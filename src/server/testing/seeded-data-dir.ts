import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";

/**
 * A new embedded-database folder holding a copy of the run's migrated seed (./global-setup.ts), for a test that
 * opens a folder or starts a server process on one. Creating a folder from nothing costs PGlite's initdb, 5 to 15
 * seconds of a loaded core; the browser tests still start every site on an empty folder.
 */
export function seededDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const unpacked = spawnSync("tar", ["-xf", inject("migratedPgliteFile"), "-C", dir], { encoding: "utf8" });
  if (unpacked.status !== 0) throw new Error(`Could not unpack the seed into ${dir}: ${unpacked.stderr}`);
  return dir;
}
