import { createWriteStream } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { type FileHandle, mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { loadConfig, type Config } from "../config";
import { exitWith } from "./exit-with";
import { type Database, DataDirInUseError, openDatabase } from "../db/client";
import { readBackup } from "../features/backup/archive";
import { CHECK_KEY_HEADER, readCommandAccess } from "../features/backup/command-access";
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
  await refuseEmptyDataDir(config);
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
    else if (config.isProduction)
      console.warn(
        "It is not sealed: this command had no BACKUP_PASSPHRASE. Run it with the server's settings to seal it.",
      );
    console.log(
      "Keep a copy on another machine: a backup on the same disk as the data does not survive that disk.",
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Without DATABASE_URL the command backs up the embedded database in DATA_DIR: a folder that holds none is a
 * mistyped or missing DATA_DIR, and opening it would create a new, empty database there to back up.
 */
async function refuseEmptyDataDir(config: Config): Promise<void> {
  if (config.databaseUrl) return;
  const dataDir = resolve(config.dataDir);
  if (await pathExists(join(dataDir, "PG_VERSION"))) return;
  throw new Error(
    `${dataDir} holds no clinic database: set DATA_DIR to the server's data folder (or DATABASE_URL to its PostgreSQL). Nothing was written.`,
  );
}

/**
 * The file to write: the path given (a folder gets the usual name inside), or BACKUP_DIR with the usual name. A
 * path ending in "/" names a folder, which must exist (a drive that is not mounted is not a file name); a file's
 * name says whether it is sealed, and its folder must exist.
 */
async function outputPath(config: Config, given: string | undefined): Promise<string> {
  const extension = backupExtension(Boolean(config.backup.passphrase));
  const name = backupName(new Date(), config.booking.timeZone) + extension;
  if (given) {
    const isFolder = await folderExists(given);
    if (isFolder) return resolve(join(given, name));
    if (given.endsWith("/") || given.endsWith(sep))
      throw new Error(
        (await pathExists(given.slice(0, -1)))
          ? `${given.slice(0, -1)} is a file, not a folder. Nothing was written.`
          : `The folder ${given} does not exist (is its drive mounted?). Nothing was written.`,
      );
    if (await pathExists(given))
      throw new Error(`${given} already exists: name a new file, or give a folder. Nothing was written.`);
    if (!given.endsWith(extension) || (extension === ".tar.gz" && given.endsWith(".sealed")))
      throw new Error(
        config.backup.passphrase
          ? `A backup sealed with BACKUP_PASSPHRASE is named ….tar.gz.sealed: name the file so, or give a folder. Nothing was written.`
          : `A backup without BACKUP_PASSPHRASE is named ….tar.gz: name the file so, or give a folder. Nothing was written.`,
      );
    if (!(await folderExists(dirname(resolve(given)))))
      throw new Error(`The folder of ${given} does not exist. Nothing was written.`);
    return resolve(given);
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
    if (error instanceof DataDirInUseError) return await backupThroughServer(config, error, file, target);
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

type CommandAccess = NonNullable<Awaited<ReturnType<typeof readCommandAccess>>>;

/**
 * The embedded database is held by the running server: ask it for the backup, with the token it left in the
 * folder, sealed with this command's passphrase; read the file back, then tell the server what the check found, so
 * the dashboard counts the backup only once it is whole and under its name.
 */
async function backupThroughServer(
  config: Config,
  inUse: DataDirInUseError,
  file: string,
  target: string,
): Promise<string> {
  const access = await readCommandAccess(resolve(config.dataDir));
  if (!access)
    throw new Error(
      `${inUse.message} That process does not offer backups (an older version, not yet listening, or listening on no loopback address: see HOST): stop it and run \`npm run backup\` again.`,
    );
  // Opened before the server is asked, so a folder that cannot be written costs no backup.
  const output = await open(file, "w", 0o600);
  const check = await fetchFromServer(config, access, output).catch(async (error: unknown) => {
    // Refused or unanswered before it started: the server made no backup, and there is nothing to tell it.
    await output.close().catch(() => undefined);
    throw error;
  });
  try {
    await check.received;
    await checkAndRename(config, file, target);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await tellServer(access, {
      check: check.key,
      succeeded: false,
      bytes: 0,
      location: target,
      error: reason.slice(0, 500),
    });
    throw error;
  }
  const { size } = await stat(target);
  await tellServer(access, { check: check.key, succeeded: true, bytes: size, location: target });
  return "from the embedded database, through the running server";
}

/**
 * Posts to the running server and answers its response as it starts. node:http rather than fetch: fetch's body, read
 * as a stream, joined the chunks it held on every read, and a 200 MB backup took minutes of this command's CPU and
 * came at a few hundred kilobytes a second. A response piped to the file takes each chunk as it comes.
 */
function askServer(access: CommandAccess, path: string, body: unknown): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const asked = httpRequest(
      `${access.url}${path}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${access.token}`, "content-type": "application/json" },
      },
      resolve,
    );
    asked.once("error", (error) =>
      reject(new Error(`The running server did not answer at ${access.url}: ${error.message}`)),
    );
    asked.end(JSON.stringify(body));
  });
}

async function refusalOf(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  try {
    return (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { message?: string }).message ?? "";
  } catch {
    return "";
  }
}

/**
 * Asks the server for the backup and writes it into `output`: answers the key the verdict must name, and the
 * writing, which settles once the whole answer is in the file.
 */
async function fetchFromServer(
  config: Config,
  access: CommandAccess,
  output: FileHandle,
): Promise<{ key: string; received: Promise<void> }> {
  const response = await askServer(access, "/api/internal/backup", {
    passphrase: config.backup.passphrase ?? null,
  });
  const key = response.headers[CHECK_KEY_HEADER];
  if (response.statusCode !== 200 || typeof key !== "string" || !key) {
    const reason = await refusalOf(response);
    throw new Error(`The running server refused the backup: ${reason || response.statusMessage}`);
  }
  const received = pipeline(response, output.createWriteStream());
  return { key, received };
}

/** Tells the server what the check found (a failure's reason replaces its own); one that does not answer is left. */
async function tellServer(
  access: CommandAccess,
  verdict: { check: string; succeeded: boolean; bytes: number; location: string; error?: string },
): Promise<void> {
  const answer = await askServer(access, "/api/internal/backup/checked", verdict).catch(() => undefined);
  answer?.resume();
}

function pathExists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function folderExists(path: string): Promise<boolean> {
  return stat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

main(process.argv.slice(2)).catch(exitWith("npm run backup"));
