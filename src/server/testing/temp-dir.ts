import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A new folder under the system's temporary folder; `close()` removes it and all it holds. */
export interface TempDir {
  path: string;
  close(): Promise<void>;
}

export async function createTempDir(prefix: string): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, close: () => rm(path, { recursive: true, force: true }) };
}
