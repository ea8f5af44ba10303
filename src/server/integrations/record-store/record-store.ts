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
  /** Removes the file; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Every key stored, for the retention job's check that no file outlives its record. */
  keys(): AsyncIterable<string>;
}

export class RecordNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = "RecordNotFoundError";
  }
}
