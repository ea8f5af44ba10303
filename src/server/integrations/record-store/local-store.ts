import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, type FileHandle, mkdir, open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertStorageKey, isStorageKey } from "./keys";
import { isMissing, modifiedAt, namesIn, removeFilesWrittenBefore } from "./old-files";
import { type OpenedRecord, RecordNotFoundError, type RecordStore, type StoredFile } from "./record-store";

/** A file being written, named `.{key}.{12 hex}.partial`; one a crash cut off stays until it is removed. */
const PARTIAL_FILE = /^\.[A-Za-z0-9_-]{1,64}\.[0-9a-f]{12}\.partial$/;

/**
 * Files in a folder of this machine (DATA_DIR/records by default), outside anything the web server serves. The
 * folder is readable by the server's user only. A file is written under a temporary name and renamed when whole,
 * so a reader never sees half a file and a failed upload leaves nothing under its key.
 */
export function createLocalRecordStore(directory: string): RecordStore {
  let ready: Promise<void> | undefined;
  const ensureDirectory = () => {
    ready ??= mkdir(directory, { recursive: true, mode: 0o700 }).then(() => chmod(directory, 0o700));
    return ready;
  };
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(directory, key);
  };

  return {
    async put(key: string, body: Readable): Promise<void> {
      const target = pathOf(key);
      await ensureDirectory();
      // Temporary names start with a dot, which no key does, so keys() never lists them.
      const temporary = join(directory, `.${key}.${randomBytes(6).toString("hex")}.partial`);
      try {
        await pipeline(body, createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key: string): Promise<Readable> {
      return (await openFile(pathOf(key), key)).read();
    },
    async open(key: string): Promise<OpenedRecord> {
      return openFile(pathOf(key), key);
    },

    async delete(key: string): Promise<void> {
      await rm(pathOf(key), { force: true });
    },

    async *keys(): AsyncIterable<string> {
      for (const name of await namesIn(directory)) if (isStorageKey(name)) yield name;
    },
    async *list(): AsyncIterable<StoredFile> {
      for (const key of await namesIn(directory)) {
        if (!isStorageKey(key)) continue;
        const written = await modifiedAt(join(directory, key));
        if (written) yield { key, modifiedAt: written };
      }
    },
    removeAbandoned(before: Date): Promise<number> {
      return removeFilesWrittenBefore(directory, PARTIAL_FILE, before);
    },
  };
}

/** The file's handle, taken now; its stream closes the handle when it ends or is destroyed. */
async function openFile(path: string, key: string): Promise<OpenedRecord> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if (isMissing(error)) throw new RecordNotFoundError(key);
    throw error;
  }
  return {
    read: () => Promise.resolve(handle.createReadStream()),
    close: () => handle.close(),
  };
}
