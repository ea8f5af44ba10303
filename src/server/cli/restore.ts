import { existsSync } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { loadConfig } from "../config";
import { exitWith } from "./exit-with";
import { type Database, DataDirInUseError, MOVED_NOTE, openDatabase } from "../db/client";
import { checkBackup, restoreBackup } from "../features/backup/restore";
import { selectRecordStore } from "../integrations/record-store/select-store";

/**
 * `npm run restore -- <file> [--replace]`: restores a backup into the database the site is configured with
 * (DATABASE_URL, or the embedded one in DATA_DIR) and puts the reports back into its record store. Every checksum is
 * verified before anything is written; a database that holds data is refused unless `--replace` is given. Restoring
 * a backup of the embedded database with DATABASE_URL set is the move to PostgreSQL.
 */
async function main(args: string[]): Promise<void> {
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Error("Usage: npm run restore -- <backup file> [--replace]");
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--replace");
  if (unknown.length > 0)
    throw new Error(`Unknown option ${unknown.join(" ")}; the only option is --replace.`);
  const config = loadConfig();
  await refuseMissingFile(resolve(file));
  // Checked before a database is opened: opening the embedded one creates its folder.
  const checked = await checkBackup(resolve(file), config.backup.passphrase);
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: resolve(config.dataDir) });
  } catch (error) {
    if (error instanceof DataDirInUseError)
      throw new Error(`${error.message} A restore needs the server stopped.`, { cause: error });
    throw error;
  }
  try {
    const summary = await restoreBackup({ database, store: selectRecordStore(config) }, resolve(file), {
      passphrase: config.backup.passphrase,
      replace: args.includes("--replace"),
      checked,
    });
    const { manifest } = summary;
    const rows = (name: string) => manifest.tables.find((table) => table.name === name)?.rows ?? 0;
    console.log(
      `Restored the backup of ${manifest.createdAt} (made on ${manifest.engine === "postgres" ? "PostgreSQL" : "the embedded database"}) into ${database.engine === "postgres" ? "PostgreSQL" : resolve(config.dataDir)}: ` +
        `${rows("appointments")} appointments, ${rows("prescriptions")} prescriptions, ${rows("access_log")} access-log entries, ${summary.restoredFiles} stored reports.`,
    );
    if (manifest.engine === "pglite" && database.engine === "postgres")
      await noteTheMove(resolve(config.dataDir), manifest.createdAt);
    if (summary.migrated > 0)
      console.log(`The backup was older than this version: ${summary.migrated} migrations applied after it.`);
    if (summary.missingFiles.length > 0)
      console.warn(
        `${summary.missingFiles.length} reports the backup lists are not in the bucket (RECORDS_S3_BUCKET): restore them from the bucket's versions.`,
      );
  } finally {
    await database.close();
  }
}

/**
 * The move to PostgreSQL: the embedded database left in DATA_DIR (beside the reports, which stay) is marked as moved,
 * so that a start without DATABASE_URL stops with a message instead of serving the data of before the move.
 */
async function noteTheMove(dataDir: string, backupOf: string): Promise<void> {
  if (!existsSync(join(dataDir, "PG_VERSION"))) return;
  await writeFile(
    join(dataDir, MOVED_NOTE),
    `This folder's embedded database was moved to PostgreSQL on ${new Date().toISOString()} ` +
      `(from the backup of ${backupOf}). The site now runs with DATABASE_URL; the reports in records/ are still used.\n` +
      `Delete this file only to start on this old copy again.\n`,
    { mode: 0o600 },
  );
  console.log(
    `The embedded database in ${dataDir} is marked as moved: a start without DATABASE_URL now stops with a message.`,
  );
}

/** A path that names no file is a typing mistake, not a damaged backup. */
async function refuseMissingFile(file: string): Promise<void> {
  const found = await stat(file).catch(() => undefined);
  if (!found) throw new Error(`There is no file ${file}. Nothing was written.`);
  if (!found.isFile())
    throw new Error(`${file} is not a file but a folder: name the backup file in it. Nothing was written.`);
}

main(process.argv.slice(2)).catch(exitWith("npm run restore"));
