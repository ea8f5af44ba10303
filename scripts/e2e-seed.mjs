// The browser tests' embedded database to start from: a new PGlite folder with every migration applied, made once
// per run. Every site the tests start (the main one and each spec's own) begins as a copy of it, instead of paying
// PGlite's initdb and the migrations (5 to 15 seconds of a loaded core) at each start; the server sees a database
// that has been migrated already, as after any restart.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./build-state.mjs";
import { migratedPgliteDump } from "./pglite-seed.mjs";

/** Creates the migrated folder and answers its path. */
export async function makeMigratedSeed() {
  const folder = mkdtempSync(join(tmpdir(), "clinic-e2e-seed-"));
  const tarFile = join(folder, "seed.tar");
  const dump = await migratedPgliteDump(join(root, "drizzle"));
  writeFileSync(tarFile, Buffer.from(await dump.arrayBuffer()));
  const dataDir = join(folder, "data");
  mkdirSync(dataDir);
  const unpacked = spawnSync("tar", ["-xf", tarFile, "-C", dataDir], { encoding: "utf8" });
  if (unpacked.status !== 0) throw new Error(`Could not unpack the seed: ${unpacked.stderr}`);
  return dataDir;
}

/**
 * Fills an empty or missing `dataDir` from the run's seed (E2E_SEED_DIR); without one (Playwright started directly),
 * the server creates the database itself.
 */
export function seedDataDir(dataDir) {
  const seed = process.env.E2E_SEED_DIR;
  if (!seed || !existsSync(seed)) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  cpSync(seed, dataDir, { recursive: true });
}
