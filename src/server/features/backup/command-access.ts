import { rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * With the embedded database one process holds the data folder, so `npm run backup` asks the running server for the
 * backup. The server writes where it listens and a token into this file in the data folder (mode 0600: whoever can
 * read it can read the database's files anyway), and removes it when it stops.
 */
const ACCESS_FILE = "backup-access.json";

/** The header that hands the command the key its verdict on the file must name (`POST …/backup/checked`). */
export const CHECK_KEY_HEADER = "x-backup-check";

interface CommandAccess {
  url: string;
  token: string;
}

export function publishCommandAccess(dataDir: string, access: CommandAccess): () => void {
  const file = join(dataDir, ACCESS_FILE);
  writeFileSync(file, JSON.stringify(access), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

export async function readCommandAccess(dataDir: string): Promise<CommandAccess | undefined> {
  try {
    const parsed = JSON.parse(await readFile(join(dataDir, ACCESS_FILE), "utf8")) as Partial<CommandAccess>;
    return typeof parsed.url === "string" && typeof parsed.token === "string"
      ? { url: parsed.url, token: parsed.token }
      : undefined;
  } catch {
    return undefined;
  }
}
