import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { databaseUrlOn } from "./global-setup";

/**
 * API tests run against real databases: an in-memory PGlite always, and a throwaway database on the PostgreSQL
 * server named by TEST_DATABASE_URL when it is set. `describe.each(testEngines)` runs a suite on each.
 */
export type Engine = "pglite" | "postgres";
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
export const testEngines: Engine[] = testDatabaseUrl ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends Database {
  /** The PostgreSQL address of the throwaway database, for a second connection to it. */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the throwaway database. */
  dispose(): Promise<void>;
}

/** A throwaway database on the PostgreSQL server, a copy of the run's migrated template (./global-setup.ts). */
async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `clinic_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  await admin.end();
  return {
    url: databaseUrlOn(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const initialData = new Blob([await readFile(inject("migratedPgliteFile"))]);
    const database = await openDatabase({ initialData });
    // Nothing to apply: this checks that the files it started from were migrated as the code expects.
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const created = await createPostgresDatabase(testDatabaseUrl);
  const database = await openDatabase({ url: created.url, poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    url: created.url,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}
