import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { PGLITE_SETTINGS } from "../db/pglite-settings";
import { migrationsDir } from "../paths";
import { migratedPgliteDump } from "../../../scripts/pglite-seed.mjs";
import { compileCatalogues } from "../../../scripts/catalogues.mjs";

declare module "vitest" {
  interface ProvidedContext {
    /** The files of a new, migrated embedded database (PGlite's `dumpDataDir`), for every test database to start from. */
    migratedPgliteFile: string;
    /** A migrated database on TEST_DATABASE_URL's server, for every throwaway database to be copied from. */
    postgresTemplate: string;
  }
}

/**
 * Creating and migrating a database costs PGlite about a second of CPU and PostgreSQL a few hundred milliseconds,
 * and a run creates well over a hundred; each starts instead as a copy of one made here, before the workers start.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Vitest calls this once for each project of the configuration; they share one seed, removed by the last teardown.
  // The tests import the compiled catalogues: made from the JSON as it is now, as the build does.
  if (!shared.clinicTestSeeds) compileCatalogues();
  const share = (shared.clinicTestSeeds ??= { seeds: makeSeeds(), users: 0 });
  share.users += 1;
  const { pgliteFile, template } = await share.seeds;
  project.provide("migratedPgliteFile", pgliteFile);
  project.provide("postgresTemplate", template);
  return async () => {
    share.users -= 1;
    if (share.users > 0) return;
    delete shared.clinicTestSeeds;
    await removeSeeds(await share.seeds);
  };
}

interface Seeds {
  folder: string;
  pgliteFile: string;
  template: string;
}

/**
 * Shared through the process rather than this module: Vitest loads a global setup file anew for each project, all
 * in its one main process.
 */
const shared = globalThis as { clinicTestSeeds?: { seeds: Promise<Seeds>; users: number } };

async function makeSeeds(): Promise<Seeds> {
  const folder = await mkdtemp(join(tmpdir(), "clinic-test-seed-"));
  const pgliteFile = join(folder, "migrated.tar");
  const dump = await migratedPgliteDump(migrationsDir, PGLITE_SETTINGS);
  await writeFile(pgliteFile, Buffer.from(await dump.arrayBuffer()));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await makePostgresTemplate(serverUrl) : "";
  return { folder, pgliteFile, template };
}

async function removeSeeds({ folder, template }: Seeds): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (template && serverUrl) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `clinic_template_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const template = await openDatabase({ url: databaseUrlOn(serverUrl, name), poolSize: 1 });
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
  return name;
}
