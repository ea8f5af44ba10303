import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * Removes the files of a folder whose names match `pattern` and that were last written before `before`; answers how
 * many. A missing folder holds nothing, and a file removed meanwhile by someone else is no error.
 */
export async function removeFilesWrittenBefore(
  directory: string,
  pattern: RegExp,
  before: Date,
): Promise<number> {
  let removed = 0;
  for (const name of await namesIn(directory)) {
    if (!pattern.test(name)) continue;
    const path = join(directory, name);
    const written = await modifiedAt(path);
    if (!written || written >= before) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

/** The names in a folder; none when it does not exist (nothing has been stored yet). */
export async function namesIn(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** When the file was last written, or undefined when it is gone. */
export async function modifiedAt(path: string): Promise<Date | undefined> {
  try {
    return (await stat(path)).mtime;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export function isMissing(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT";
}
