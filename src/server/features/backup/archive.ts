import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt as scryptCallback,
  type ScryptOptions,
} from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { PassThrough, Transform, type Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip, constants as zlib } from "node:zlib";
import tar from "tar-stream";

/**
 * A backup file is a gzipped tar (standard tools can list it): `tables/<table>/<page>.jsonl` with one row per line
 * as PostgreSQL's `row_to_json` writes it, `records/<key>` with each stored report, and `manifest.json` last, naming
 * every other entry with its size and SHA-256. With a passphrase the whole file is sealed with AES-256-GCM under a
 * key derived by scrypt, so a changed byte anywhere, or a wrong passphrase, is refused before anything is written.
 */
export const BACKUP_FORMAT = "clinic-backup";
const BACKUP_FORMAT_VERSION = 1;
const MANIFEST_ENTRY = "manifest.json";

const ENCRYPTED_MAGIC = Buffer.from("CLINIC-BACKUP-AES256GCM-1\n");
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** scrypt at N = 2^15: about 0.1 s and 32 MB per backup, far beyond what guessing a passphrase can afford. */
const SCRYPT: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

interface BackupPart {
  name: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The engine the backup was taken from; either engine restores it. */
  engine: "pglite" | "postgres";
  /** The migrations applied to the database backed up, in order: the schema version. */
  migrations: string[];
  /** Rows per table, in the order they are restored (a table before those that refer to it). */
  tables: Array<{ name: string; rows: number }>;
  /**
   * The stored reports: `included` in this file (the local folder), or kept in the S3 bucket, whose own versioning
   * is their backup; `keys` lists them either way.
   */
  records: { storage: "included" | "bucket"; keys: string[] };
  /** Rows written while the backup ran that refer to rows it had already passed; the next backup has them. */
  skippedRows: number;
  parts: BackupPart[];
}

/** The backup file cannot be used: damaged, cut short, not a backup, or the passphrase is missing or wrong. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(passphrase, salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Seals what passes through: the magic, salt and IV first, the GCM tag last. */
async function encryptingStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", await deriveKey(passphrase, salt), iv);
  cipher.setAAD(ENCRYPTED_MAGIC);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!started) {
        started = true;
        this.push(Buffer.concat([ENCRYPTED_MAGIC, salt, iv]));
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(Buffer.concat([ENCRYPTED_MAGIC, salt, iv]));
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/** Counts the bytes that pass through. */
function byteCounter(): { stream: Transform; count: () => number } {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, count: () => bytes };
}

const sha256 = (data: Buffer): string => createHash("sha256").update(data).digest("hex");

export interface BackupWriter {
  /** Adds one entry; its checksum goes into the manifest. */
  add: (name: string, data: Buffer) => Promise<void>;
  /** Writes the manifest with the parts added, and ends the file. Answers its size in bytes. */
  finish(manifest: Omit<BackupManifest, "parts" | "format" | "version">): Promise<number>;
  /** Ends the file unfinished (the backup failed); the output then holds no manifest, so it never restores. */
  abort(error: Error): void;
}

/** Writes a backup into `output`, sealed when a passphrase is given. */
export async function createBackupWriter(output: Writable, passphrase?: string): Promise<BackupWriter> {
  const pack = tar.pack();
  const counter = byteCounter();
  // Stored reports (PDFs, photos) hardly compress; level 6 would cost seconds on 200 MB for a few per cent.
  const gzip = createGzip({ level: zlib.Z_BEST_SPEED });
  const transforms: Transform[] = [gzip];
  if (passphrase) transforms.push(await encryptingStream(passphrase));
  transforms.push(counter.stream);
  const written = pipeline([pack as unknown as Readable, ...transforms, output]);
  // A failure is reported by the awaited call that meets it; this keeps an early one from being unhandled.
  written.catch(() => undefined);
  const parts: BackupPart[] = [];
  const addEntry = (name: string, data: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size: data.length, mtime: new Date(0) }, data, (error) =>
        error ? reject(error) : resolve(),
      );
      // An entry cut off by abort() (the reader went away) fails through the callback above; without a listener
      // its 'error' event would end the process.
      entry.on("error", () => undefined);
    });
  return {
    async add(name, data) {
      await addEntry(name, data);
      parts.push({ name, bytes: data.length, sha256: sha256(data) });
    },
    async finish(details) {
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        ...details,
        parts,
      };
      await addEntry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 1)));
      pack.finalize();
      await written;
      return counter.count();
    },
    abort(error) {
      pack.destroy(error);
    },
  };
}

/**
 * The decrypted and unzipped bytes of a backup file, and the end of reading it: the seal is checked only after the
 * last byte, so a reader must wait for `done` before trusting what it read.
 */
async function openPlain(
  path: string,
  passphrase: string | undefined,
): Promise<{ stream: Readable; done: Promise<void>; sealed: boolean }> {
  const handle = await open(path, "r");
  let size: number;
  const head = Buffer.alloc(ENCRYPTED_MAGIC.length + SALT_BYTES + IV_BYTES);
  let headBytes: number;
  try {
    size = (await handle.stat()).size;
    ({ bytesRead: headBytes } = await handle.read(head, 0, head.length, 0));
  } catch (error) {
    await handle.close();
    throw error;
  }
  const encrypted =
    headBytes >= ENCRYPTED_MAGIC.length && head.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);
  if (!encrypted) {
    await handle.close();
    if (headBytes < 2 || head[0] !== 0x1f || head[1] !== 0x8b)
      throw new BackupFileError(`${path} is not a backup file of this site.`);
    return { ...plainThrough([createReadStream(path), createGunzip()]), sealed: false };
  }
  try {
    if (!passphrase)
      throw new BackupFileError(
        "This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.",
      );
    if (size < head.length + TAG_BYTES) throw new BackupFileError(`${path} is cut short.`);
    const tag = Buffer.alloc(TAG_BYTES);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    const salt = head.subarray(ENCRYPTED_MAGIC.length, ENCRYPTED_MAGIC.length + SALT_BYTES);
    const iv = head.subarray(ENCRYPTED_MAGIC.length + SALT_BYTES);
    const decipher = createDecipheriv("aes-256-gcm", await deriveKey(passphrase, salt), iv);
    decipher.setAAD(ENCRYPTED_MAGIC);
    decipher.setAuthTag(tag);
    const sealed = createReadStream(path, { start: head.length, end: size - TAG_BYTES - 1 });
    return { ...plainThrough([sealed, decipher, createGunzip()]), sealed: true };
  } finally {
    await handle.close();
  }
}

function plainThrough(stages: [Readable, ...Transform[]]): { stream: Readable; done: Promise<void> } {
  const stream = new PassThrough();
  const done = pipeline([...stages, stream]);
  // A failure also ends `stream` with the error, so whoever reads it stops; `done` carries it to the end of reading.
  done.catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { stream, done };
}

/**
 * What a damaged file's low-level error means to the person restoring. In a sealed file a wrong passphrase turns
 * every byte to noise, so the unzipping usually fails before the seal is checked: any failure there may be either.
 */
function explainReadError(error: unknown, sealed: boolean): Error {
  if (error instanceof BackupFileError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (sealed)
    return new BackupFileError(
      "The backup file is damaged, or the passphrase (BACKUP_PASSPHRASE) is not the one it was made with.",
    );
  return new BackupFileError(`The backup file is damaged or cut short (${message}).`);
}

/**
 * The largest entry a backup of this site writes: a page of rows, or one report (10 MB). A file naming a larger
 * one was not made by this site, and would take that much memory to read.
 */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * Reads every entry of a backup in order, checking each against the manifest; `onEntry` sees each entry's bytes
 * (entries are small: a page of rows or one report). Throws BackupFileError on any mismatch, a missing or extra
 * entry, or a seal that does not hold. Answers the manifest.
 */
export async function readBackup(
  path: string,
  passphrase: string | undefined,
  onEntry?: (name: string, data: Buffer) => Promise<void>,
): Promise<BackupManifest> {
  const seen: BackupPart[] = [];
  let manifest: BackupManifest | undefined;
  let sealed = false;
  let entryFailure: unknown;
  try {
    const plain = await openPlain(path, passphrase);
    sealed = plain.sealed;
    const extract = tar.extract();
    plain.stream.on("error", (error) => extract.destroy(error));
    plain.stream.pipe(extract);
    for await (const entry of extract) {
      if ((entry.header.size ?? 0) > MAX_ENTRY_BYTES)
        throw new BackupFileError(
          `This file is not a backup of this site (an entry of ${entry.header.size} bytes).`,
        );
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      const name = entry.header.name;
      if (manifest) throw new BackupFileError(`The backup file has an entry after its manifest (${name}).`);
      if (name === MANIFEST_ENTRY) {
        manifest = parseManifest(data);
        continue;
      }
      seen.push({ name, bytes: data.length, sha256: sha256(data) });
      try {
        await onEntry?.(name, data);
      } catch (error) {
        // The caller's own failure (a refused entry, a database error): not the file's, passed on as it is.
        entryFailure = error;
        throw error;
      }
    }
    await plain.done;
  } catch (error) {
    if (entryFailure !== undefined && error === entryFailure) throw error;
    throw explainReadError(error, sealed);
  }
  if (!manifest) throw new BackupFileError("The backup file is cut short: it has no manifest.");
  checkParts(manifest.parts, seen);
  return manifest;
}

function parseManifest(data: Buffer): BackupManifest {
  let parsed: Partial<BackupManifest>;
  try {
    parsed = JSON.parse(data.toString("utf8")) as Partial<BackupManifest>;
  } catch {
    throw new BackupFileError("The backup file's manifest is damaged.");
  }
  if (parsed.format !== BACKUP_FORMAT || !Array.isArray(parsed.parts) || !Array.isArray(parsed.migrations))
    throw new BackupFileError("This file is not a backup of this site.");
  if ((parsed.version ?? 0) > BACKUP_FORMAT_VERSION)
    throw new BackupFileError("This backup was made by a newer version of the site: update the site first.");
  return parsed as BackupManifest;
}

function checkParts(expected: BackupPart[], seen: BackupPart[]): void {
  if (expected.length !== seen.length)
    throw new BackupFileError(
      `The backup file is damaged: its manifest lists ${expected.length} parts, the file holds ${seen.length}.`,
    );
  expected.forEach((part, index) => {
    const found = seen[index];
    if (!found || found.name !== part.name || found.bytes !== part.bytes || found.sha256 !== part.sha256)
      throw new BackupFileError(`The backup file is damaged: ${part.name} does not match its checksum.`);
  });
}
