import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Db } from "../../db/client";
import type { RecordStore } from "../../integrations/record-store/record-store";
import { migrationsDir } from "../../paths";
import { BackupFileError, readBackup, type BackupManifest } from "./archive";
import { insertRows, knownMigrations, resetSequences, rowCounts, tablesInRestoreOrder } from "./tables";
import { isStorageKey } from "../../integrations/record-store/keys";

export interface RestoreTarget {
  database: Database;
  store: RecordStore;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Migrations applied after the data, when the backup was made by an older version. */
  migrated: number;
  /** Reports put back from the file, those the store already held included. */
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
  const manifest = options.checked ?? (await checkBackup(path, options.passphrase));
  const known = knownMigrations().map((entry) => entry.tag);
  checkSchemaFits(manifest.migrations, known);
  const { db } = target.database;
  await refuseDataUnlessReplacing(db, options.replace ?? false);
  await dropEverything(db);
  await migrateTo(target.database, manifest.migrations.length);

  // Reports the store held before: a failed restore leaves them (the same key is the same report), and removes only
  // those it added.
  const existing = new Set<string>();
  for await (const key of target.store.keys()) existing.add(key);
  const written: string[] = [];
  let putBack = 0;
  try {
    await db.transaction(async (tx) => {
      await readBackup(path, options.passphrase, async (name, data) => {
        const entry = entryOf(name);
        if (entry.table !== undefined) return insertPage(tx, entry.table, data);
        if (!existing.has(entry.record)) written.push(entry.record);
        await target.store.put(entry.record, Readable.from([data]), "application/octet-stream");
        putBack += 1;
      });
      await resetSequences(tx);
      await forgetUnfinishedRuns(tx);
    });
  } catch (error) {
    await Promise.all(written.map((key) => target.store.delete(key).catch(() => undefined)));
    if (options.replace && !(error instanceof BackupFileError))
      throw new RestoreRefusedError(
        `${error instanceof Error ? error.message : String(error)} The database was emptied first (--replace) and holds none of the backup: restore again once the cause is fixed, or from another backup.`,
      );
    throw error;
  }
  await target.database.migrate();
  if (options.replace) await removeRecordsNotIn(target.store, new Set(manifest.records.keys));
  return {
    manifest,
    migrated: known.length - manifest.migrations.length,
    restoredFiles: putBack,
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

/** The table or the stored report an entry holds; anything else is refused (a file this site did not write). */
function entryOf(
  name: string,
): { table: string; record?: undefined } | { table?: undefined; record: string } {
  const table = TABLE_ENTRY.exec(name)?.[1];
  if (table && restorableTables().has(table)) return { table };
  const record = RECORD_ENTRY.exec(name)?.[1];
  if (record && isStorageKey(record)) return { record };
  throw new BackupFileError(
    `This file is not a backup of this site: it has an entry named ${JSON.stringify(name)}.`,
  );
}

let knownTables: Set<string> | undefined;
/** The tables a restore may write: this site's own, never another schema's or the catalog's. */
function restorableTables(): Set<string> {
  knownTables ??= new Set(tablesInRestoreOrder().map((table) => table.name));
  return knownTables;
}

/**
 * Reads the whole backup and checks the seal, every checksum and every entry's name, writing nothing; answers its
 * manifest. A restore does this before it touches the database.
 */
export function checkBackup(path: string, passphrase: string | undefined): Promise<BackupManifest> {
  return readBackup(path, passphrase, async (name) => {
    entryOf(name);
  });
}

/** Inserts one page of rows; a failure names the table and the database's reason, never the rows (patients' data). */
async function insertPage(db: Db, table: string, data: Buffer): Promise<void> {
  try {
    await insertRows(db, table, data.toString("utf8").split("\n"));
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : "the database refused the rows";
    throw new RestoreRefusedError(`Restoring the table ${table} failed: ${reason}.`);
  }
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
