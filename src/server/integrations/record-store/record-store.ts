import type { Readable } from "node:stream";

/**
 * Where uploaded reports are kept: a local folder outside the web root, or an S3-compatible bucket. Keys are random
 * names the product makes; nothing a visitor sends becomes part of a key.
 */
export interface RecordStore {
  /** Stores the stream under the key. If the stream fails (too large, wrong type, cut off), nothing stays stored. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The stored file; throws RecordNotFoundError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /**
   * The stored file, opened now to be read later. A file in the local folder stays readable once opened, even after
   * it is deleted (RecordNotFoundError comes from `open` when there is none); a bucket cannot hold an object open, so
   * an object missing or deleted meanwhile is RecordNotFoundError when it is read.
   */
  open(key: string): Promise<OpenedRecord>;
  /** Removes the file; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Every key stored. */
  keys(): AsyncIterable<string>;
  /** Every file stored, with when it was last written: for the daily check that no file outlives its record. */
  list(): AsyncIterable<StoredFile>;
  /**
   * Removes what uploads cut off by a crash left behind, last written before `before`: the local folder's
   * `.partial` files, or the copies an upload to a bucket waits in. Answers how many.
   */
  removeAbandoned(before: Date): Promise<number>;
}

/** A stored file as the store lists it. */
export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/** A stored file opened by `open`. */
export interface OpenedRecord {
  /** Its bytes, once. */
  read(): Promise<Readable>;
  /** Lets go of the file when it will not be read, or no longer is; closing twice is no error. */
  close(): Promise<void>;
}

export class RecordNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = "RecordNotFoundError";
  }
}
