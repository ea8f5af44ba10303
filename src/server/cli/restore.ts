import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { loadConfig } from "../config";
import { exitWith } from "./exit-with";
import { type Database, DataDirInUseError, openDatabase } from "../db/client";
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

/** A path that names no file is a typing mistake, not a damaged backup. */
async function refuseMissingFile(file: string): Promise<void> {
  const found = await stat(file).catch(() => undefined);
  if (!found) throw new Error(`There is no file ${file}. Nothing was written.`);
  if (!found.isFile())
    throw new Error(`${file} is not a file but a folder: name the backup file in it. Nothing was written.`);
}

main(process.argv.slice(2)).catch(exitWith("npm run restore"));
