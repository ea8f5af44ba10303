// One migrated embedded database, as the files PGlite's dumpDataDir writes: what every test database (the unit and
// API suites, src/server/testing/global-setup.ts) and every browser-test site (scripts/e2e-seed.mjs) starts from,
// instead of paying PGlite's initdb and every migration each time.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/** A new PGlite with every migration in `migrationsFolder` applied, dumped as an uncompressed tar. */
export async function migratedPgliteDump(migrationsFolder, postgresqlconf) {
  const client = new PGlite(postgresqlconf ? { postgresqlconf } : {});
  try {
    await migrate(drizzle(client), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}
