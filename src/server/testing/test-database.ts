import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { availabilityChanged } from "../core/appointments/availability-cache";
import { type Database, openDatabase, rowsOf } from "../db/client";
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

/**
 * Embedded databases given back by the suites of this worker that finished, emptied again for the next suite.
 * Starting PostgreSQL inside PGlite costs about half a second of CPU, some eighty times a run; emptying one costs
 * a few milliseconds. A worker keeps its modules from one file to the next (vite.config.ts), so this list with them.
 */
const reusablePglite: Database[] = [];
/** The tables and columns of a newly migrated database: one given back with anything else is not used again. */
let migratedShape: string | undefined;

async function openPgliteForTest(): Promise<Database> {
  const reused = reusablePglite.pop();
  if (reused) return reused;
  const initialData = new Blob([await readFile(inject("migratedPgliteFile"))]);
  const database = await openDatabase({ initialData });
  // Nothing to apply: this checks that the files it started from were migrated as the code expects.
  await database.migrate();
  migratedShape ??= await shapeOf(database);
  return database;
}

async function shapeOf(database: Database): Promise<string> {
  const result = await database.db.execute(sql`
    SELECT string_agg(table_schema || '.' || table_name || '.' || column_name || ':' || data_type, ','
      ORDER BY table_schema, table_name, column_name) AS shape
    FROM information_schema.columns WHERE table_schema IN ('public', 'drizzle')`);
  return `${rowsOf<{ shape: string }>(result)[0]?.shape}`;
}

/**
 * Empties a database a suite has finished with, as it was after the migrations, and keeps it for the next suite; one
 * whose tables were changed, or that was closed, is closed instead. The session's own state (settings, listening
 * channels, prepared statements, advisory locks) is discarded too.
 */
async function giveBackPglite(database: Database): Promise<void> {
  try {
    await database.db.execute(sql`DISCARD ALL`);
    if ((await shapeOf(database)) !== migratedShape) throw new Error("tables changed");
    const tables = await database.db.execute(
      sql`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
    );
    const names = rowsOf<{ name: string }>(tables)
      .map((row) => row.name)
      .join(", ");
    await database.db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
    // Answers kept for this database (per `db`, for a second) belong to the suite that finished.
    availabilityChanged();
    reusablePglite.push(database);
  } catch {
    // Changed tables (a restore drops and creates them) or a closed database: not used again.
    await database.close().catch(() => undefined);
  }
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const database = await openPgliteForTest();
    return { ...database, dispose: () => giveBackPglite(database) };
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
