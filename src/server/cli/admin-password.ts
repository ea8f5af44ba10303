import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { generatePassword, hashPassword } from "../features/admin-auth/password";
import { setStoredAdminPassword } from "../features/admin-auth/service";

/**
 * `npm run admin:password [-- <password>]`: stores a new admin password (a generated one when none is given) in the
 * database the server uses, and signs every session out. `npm run admin:password -- --hash [<password>]` only
 * prints a hash for ADMIN_PASSWORD_HASH. With the embedded database, stop the server first: one process at a time.
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
  const database = await openDatabase({ url: config.databaseUrl, dataDir: resolve(config.dataDir) });
  try {
    await database.migrate();
    await setStoredAdminPassword(database.db, password);
  } finally {
    await database.close();
  }
  console.log(
    given ? "The admin password was changed." : `New admin password (shown only once): ${password}`,
  );
  console.log("Every admin session was signed out. Restart the server if it is running.");
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
