import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Db } from "../../db/client";
import type { RecordStore } from "../../integrations/record-store/record-store";
import { migrationsDir } from "../../paths";
import { BackupFileError, readBackup, type BackupManifest } from "./archive";
import { insertRows, knownMigrations, resetSequences, rowCounts } from "./tables";

export interface RestoreTarget {
  database: Database;
  store: RecordStore;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Migrations applied after the data, when the backup was made by an older version. */
  migrated: number;
  /** Reports put back from the file. */
  restoredFiles: number;
  /** Reports the backup lists as kept in a bucket that the target's store does not hold. */
  missingFiles: string[];
}

/** The restore was not started: the database holds data, or the backup does not fit this version of the site. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

const TABLE_ENTRY = /^tables\/([a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/;
const RECORD_ENTRY = /^records\/(.+)$/;

/**
 * Restores a backup file into the target database and record store. Every checksum (and the seal of an encrypted
 * file) is verified in a first reading, before anything is written; a database that holds any row is refused unless
 * `replace` is set, which removes its tables first. The schema is built as it was when the backup was made, the rows
 * go in in one transaction, and the migrations added since then run after them.
 */
export async function restoreBackup(
  target: RestoreTarget,
  path: string,
  options: {
    passphrase?: string | undefined;
    replace?: boolean;
    /** The manifest of a reading that already checked the file (the command checks before it opens a database). */
    checked?: BackupManifest;
  },
): Promise<RestoreSummary> {
  const manifest = options.checked ?? (await readBackup(path, options.passphrase));
  const known = knownMigrations().map((entry) => entry.tag);
  checkSchemaFits(manifest.migrations, known);
  const { db } = target.database;
  await refuseDataUnlessReplacing(db, options.replace ?? false);
  await dropEverything(db);
  await migrateTo(target.database, manifest.migrations.length);

  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await readBackup(path, options.passphrase, async (name, data) => {
        const table = TABLE_ENTRY.exec(name);
        if (table) return insertRows(tx, table[1]!, data.toString("utf8").split("\n"));
        const record = RECORD_ENTRY.exec(name);
        if (!record)
          throw new BackupFileError(`The backup file has an entry this site does not know: ${name}.`);
        await target.store.put(record[1]!, Readable.from([data]), "application/octet-stream");
        written.push(record[1]!);
      });
      await resetSequences(tx);
      await forgetUnfinishedRuns(tx);
    });
  } catch (error) {
    await Promise.all(written.map((key) => target.store.delete(key).catch(() => undefined)));
    throw error;
  }
  await target.database.migrate();
  if (options.replace) await removeRecordsNotIn(target.store, new Set(manifest.records.keys));
  return {
    manifest,
    migrated: known.length - manifest.migrations.length,
    restoredFiles: written.length,
    missingFiles:
      manifest.records.storage === "bucket" ? await missingKeys(target.store, manifest.records.keys) : [],
  };
}

/**
 * A backup is written while its own run is recorded as running (and maybe another's): restored, such a run would
 * stay running for ever on the dashboard. Its outcome belongs to the old site's history, which the backup cannot
 * know, so it is left out.
 */
async function forgetUnfinishedRuns(db: Db): Promise<void> {
  const [present] = rowsOf<{ present: boolean }>(
    await db.execute(sql`SELECT to_regclass('public.backup_runs') IS NOT NULL AS present`),
  );
  if (present?.present) await db.execute(sql`DELETE FROM backup_runs WHERE outcome = 'running'`);
}

function checkSchemaFits(backup: string[], known: string[]): void {
  const fits = backup.length <= known.length && backup.every((tag, index) => known[index] === tag);
  if (fits) return;
  throw new RestoreRefusedError(
    backup.length > known.length
      ? "This backup was made by a newer version of the site (its database has migrations this version does not know): update the site first."
      : `This backup's database schema does not match this version of the site (migration ${backup.find((tag, index) => known[index] !== tag)}).`,
  );
}

async function refuseDataUnlessReplacing(db: Db, replace: boolean): Promise<void> {
  if (replace) return;
  const filled = [...(await rowCounts(db))].filter(([, count]) => count > 0);
  if (filled.length === 0) return;
  const summary = filled
    .slice(0, 4)
    .map(([table, count]) => `${count} in ${table}`)
    .join(", ");
  throw new RestoreRefusedError(
    `The database already holds data (${summary}${filled.length > 4 ? ", …" : ""}). Restore into an empty database, or add --replace to delete what is there first.`,
  );
}

/** Removes this site's tables, functions and migration history, leaving the schema itself (and its grants). */
async function dropEverything(db: Db): Promise<void> {
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`),
  );
  for (const { name } of tables)
    await db.execute(sql.raw(`DROP TABLE IF EXISTS "${name.replace(/"/g, '""')}" CASCADE`));
  const functions = rowsOf<{ signature: string }>(
    await db.execute(
      sql`SELECT p.oid::regprocedure::text AS signature FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace`,
    ),
  );
  for (const { signature } of functions)
    await db.execute(sql.raw(`DROP FUNCTION IF EXISTS ${signature} CASCADE`));
}

/** Applies the first `count` migrations only: the schema the backup's rows were written under. */
async function migrateTo(database: Database, count: number): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "clinic-restore-migrations-"));
  try {
    const entries = knownMigrations().slice(0, count);
    mkdirSync(join(folder, "meta"));
    writeFileSync(
      join(folder, "meta", "_journal.json"),
      JSON.stringify({ version: "7", dialect: "postgresql", entries }),
    );
    for (const entry of entries)
      copyFileSync(join(migrationsDir, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    await database.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function removeRecordsNotIn(store: RecordStore, keep: Set<string>): Promise<void> {
  const stale: string[] = [];
  for await (const key of store.keys()) if (!keep.has(key)) stale.push(key);
  for (const key of stale) await store.delete(key);
}

async function missingKeys(store: RecordStore, keys: string[]): Promise<string[]> {
  const present = new Set<string>();
  for await (const key of store.keys()) present.add(key);
  return keys.filter((key) => !present.has(key));
}
