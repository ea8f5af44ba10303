import { Readable } from "node:stream";
import { MAX_REPORT_BYTES, UPLOAD_MESSAGES } from "@shared/uploads";
import { HttpError } from "../../http/errors";

/**
 * An upload as it arrives: its first bytes are read to learn its type, then the whole file, those bytes included,
 * flows on to the store while being counted. Nothing here holds more than the first few kilobytes in memory.
 */
export interface IncomingFile {
  /** The name the browser sent; only ever shown, cleaned, never used to store or to decide anything. */
  name: string;
  stream: Readable;
}

/**
 * The stream's failures are the sender's (a body cut off, malformed, too large or too slow): they become a 4xx. Our
 * own HttpErrors (413, 408) pass through as they are.
 */
function asClientError(error: unknown): HttpError {
  return error instanceof HttpError ? error : new HttpError(400, UPLOAD_MESSAGES.unreadable);
}

interface Head {
  bytes: Buffer;
  /** Whether the file ended within these bytes. */
  ended: boolean;
}

/** Reads at least `size` bytes from the stream's start (fewer if the file is shorter), leaving the rest unread. */
export function readHead(stream: Readable, size: number): Promise<Head> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (outcome: { ended: boolean } | { error: unknown }) => {
      stream.off("readable", onReadable);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("close", onClose);
      if ("error" in outcome) reject(asClientError(outcome.error));
      else resolve({ bytes: Buffer.concat(chunks), ended: outcome.ended });
    };
    const onReadable = () => {
      // A byte stream: read() gives Buffers, or null when nothing is buffered.
      for (
        let chunk = stream.read() as Buffer | null;
        chunk !== null;
        chunk = stream.read() as Buffer | null
      ) {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= size) break;
      }
      if (length >= size) finish({ ended: false });
    };
    const onEnd = () => finish({ ended: true });
    const onError = (error: unknown) => finish({ error });
    // Destroyed without an error (its reader gave up): there is no file to read.
    const onClose = () =>
      finish({ error: stream.errored ?? new Error("The file's stream closed before its end") });
    // On Node 22 and later the multipart parser may have failed the stream (a body cut off, that arrived whole)
    // before anyone listened: its 'error' has been and gone, and only its state tells.
    if (stream.errored || stream.destroyed) {
      onClose();
      return;
    }
    stream.on("readable", onReadable);
    stream.once("end", onEnd);
    stream.once("error", onError);
    stream.once("close", onClose);
  });
}

interface CountedFile {
  stream: Readable;
  /** Bytes passed on so far; the file's size once the stream has ended. */
  bytes(): number;
}

/**
 * The whole file again: the head already read, then the rest of the source. Counts the bytes and stops past the
 * limit, whatever the source enforces itself. Destroying the result destroys the source, so a store that gives up
 * stops the upload's reading too.
 */
export function replayed(head: Head, source: Readable, maxBytes = MAX_REPORT_BYTES): CountedFile {
  let total = 0;
  const count = (chunk: Buffer): Buffer => {
    total += chunk.length;
    if (total > maxBytes) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    return chunk;
  };
  async function* all(): AsyncGenerator<Buffer> {
    yield count(head.bytes);
    if (head.ended) return;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) yield count(chunk);
    } catch (error) {
      throw asClientError(error);
    }
  }
  return { stream: Readable.from(all(), { objectMode: false }), bytes: () => total };
}
