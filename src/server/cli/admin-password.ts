import { resolve } from "node:path";
import { loadConfig } from "../config";
import { exitWith } from "./exit-with";
import { type Database, DataDirInUseError, openDatabase } from "../db/client";
import { ADMIN_PASSWORD_COMMAND, describeHolder } from "../db/data-dir-lock";
import { generatePassword, hashPassword } from "../features/admin-auth/password";
import { setStoredAdminPassword } from "../features/admin-auth/service";

/**
 * `npm run admin:password [-- <password>]`: stores a new admin password (a generated one when none is given) in the
 * database the server uses, and signs every session out. `npm run admin:password -- --hash [<password>]` only
 * prints a hash for ADMIN_PASSWORD_HASH. With the embedded database, the server must be stopped first (its folder
 * is locked by one process at a time); this command then says so instead of changing anything.
 */
async function main(args: string[]): Promise<void> {
  const hashOnly = args.includes("--hash");
  const given = args.find((arg) => !arg.startsWith("--"));
  if (given !== undefined && given.length < 12)
    throw new Error("The password must be at least 12 characters.");
  const password = given ?? generatePassword();

  if (hashOnly) {
    console.log(given ? "" : `Password: ${password}`);
    console.log(`ADMIN_PASSWORD_HASH=${await hashPassword(password)}`);
    return;
  }
  const config = loadConfig();
  if (config.admin.passwordHash || config.admin.password) {
    console.warn(
      "Note: ADMIN_PASSWORD_HASH or ADMIN_PASSWORD is set; the server uses that, not the stored password.",
    );
  }
  const dataDir = resolve(config.dataDir);
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new Error(folderInUseMessage(error), { cause: error });
    throw error;
  }
  try {
    await database.migrate();
    await setStoredAdminPassword(database.db, password);
  } finally {
    await database.close();
  }
  console.log(
    given ? "The admin password was changed." : `New admin password (shown only once): ${password}`,
  );
  // A running server read the password when it started; on PostgreSQL other servers may be running meanwhile.
  console.log(
    database.engine === "postgres"
      ? "Every admin session was signed out. Restart the running servers so they use the new password."
      : "Every admin session was signed out. Start the server again if you stopped it.",
  );
}

/** The embedded database is open in another process: what to do, in one line. */
function folderInUseMessage(error: DataDirInUseError): string {
  const { holder, dataDir } = error;
  if (holder.command === ADMIN_PASSWORD_COMMAND) {
    return `Another \`${ADMIN_PASSWORD_COMMAND}\` (${describeHolder(holder)}) is using ${dataDir}. Wait for it to finish, then run this again.`;
  }
  if (error.elsewhere) return error.message;
  return `The server (${describeHolder(holder)}) is using ${dataDir}. Stop it, run \`${ADMIN_PASSWORD_COMMAND}\` again, then start it.`;
}

main(process.argv.slice(2)).catch(exitWith("npm run admin:password"));
