import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ConfigError, loadConfig, type Config } from "../config";
import { type Database, DataDirInUseError, openDatabase } from "../db/client";
import { readBackup } from "../features/backup/archive";
import { readCommandAccess } from "../features/backup/command-access";
import { backupExtension, backupInto, backupName } from "../features/backup/service";
import { selectRecordStore } from "../integrations/record-store/select-store";

/**
 * `npm run backup [-- <file or folder>]`: writes a backup of the whole practice (every table, and the reports kept
 * in DATA_DIR/records) into one file, by default in BACKUP_DIR (DATA_DIR/backups), sealed when BACKUP_PASSPHRASE is
 * set, then reads it back to check every checksum. Works while the server runs: on PostgreSQL directly, on the
 * embedded database through the running server, which holds its folder.
 */
async function main(args: string[]): Promise<void> {
  const config = loadConfig();
  const target = await outputPath(
    config,
    args.find((arg) => !arg.startsWith("--")),
  );
  const partial = `${target}.partial`;
  try {
    const how = await writeTo(config, partial, target);
    const { size } = await stat(target);
    console.log(`Backup written and checked: ${target} (${formatBytes(size)}, ${how}).`);
    if (config.backup.passphrase)
      console.log("It is sealed with BACKUP_PASSPHRASE: keep the passphrase apart from it.");
    console.log(
      "Keep a copy on another machine: a backup on the same disk as the data does not survive that disk.",
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The file to write: the path given (a folder gets the usual name inside), or BACKUP_DIR with the usual name. */
async function outputPath(config: Config, given: string | undefined): Promise<string> {
  const name =
    backupName(new Date(), config.booking.timeZone) + backupExtension(Boolean(config.backup.passphrase));
  if (given) {
    const isFolder = await stat(given).then(
      (found) => found.isDirectory(),
      () => false,
    );
    return resolve(isFolder ? join(given, name) : given);
  }
  const dir = resolve(config.backup.dir ?? join(config.dataDir, "backups"));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return join(dir, name);
}

/** Writes the backup into `file`; answers how it was taken, for the summary. */
async function writeTo(config: Config, file: string, target: string): Promise<string> {
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: resolve(config.dataDir) });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      const how = await fetchFromServer(config, error, file);
      await checkAndRename(config, file, target);
      return how;
    }
    throw error;
  }
  try {
    const deps = {
      database,
      records: selectRecordStore(config),
      recordsInBucket: Boolean(config.records.s3),
      destinations: {},
      config: config.backup,
      timeZone: config.booking.timeZone,
      now: () => new Date(),
    };
    // The run counts once the file is checked and under its name.
    await backupInto(deps, async () => createWriteStream(file, { mode: 0o600 }), {
      trigger: "command",
      location: target,
      deliver: () => checkAndRename(config, file, target),
    });
    return database.engine === "postgres" ? "from PostgreSQL" : "from the embedded database";
  } finally {
    await database.close();
  }
}

/** Reads the written file back, checking every checksum, and gives it its name: a backup's name means it is whole. */
async function checkAndRename(config: Config, file: string, target: string): Promise<void> {
  await readBackup(file, config.backup.passphrase);
  await rename(file, target);
}

/** The embedded database is held by the running server: ask it for the backup, with the token it left in the folder. */
async function fetchFromServer(config: Config, inUse: DataDirInUseError, file: string): Promise<string> {
  const access = await readCommandAccess(resolve(config.dataDir));
  if (!access)
    throw new Error(
      `${inUse.message} That process does not offer backups (an older version, or not yet listening): stop it and run \`npm run backup\` again.`,
    );
  const response = await fetch(`${access.url}/api/internal/backup`, {
    headers: { authorization: `Bearer ${access.token}` },
  }).catch((error: unknown) => {
    throw new Error(`The running server did not answer at ${access.url}: ${(error as Error).message}`);
  });
  if (!response.ok || !response.body) {
    const reason = ((await response.json().catch(() => ({}))) as { message?: string }).message;
    throw new Error(`The running server refused the backup: ${reason ?? response.statusText}`);
  }
  // The DOM and Node typings of a web stream differ; at run time fetch answers the Node one.
  await pipeline(
    Readable.fromWeb(response.body as WebReadableStream),
    createWriteStream(file, { mode: 0o600 }),
  );
  return "from the embedded database, through the running server";
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
