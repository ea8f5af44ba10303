import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, crc32, deflateRaw } from "node:zlib";

const deflateRawAsync = promisify(deflateRaw);
const brotliAsync = promisify(brotliCompress);

/** Where a page's per-response nonce goes; the pieces of a body are text or this. */
export const NONCE = Symbol("nonce");
export type BodyPiece = string | typeof NONCE;

/**
 * A response kept in memory, ready to send: its bytes, compressed once, and a validator. A page's body has holes
 * where each response's CSP nonce goes, so every visitor gets a fresh nonce without the page being rendered or
 * compressed again:
 *
 * - `parts` are the bytes between the holes;
 * - gzip is one deflate stream assembled per response: each part was compressed on its own, ending on a full flush
 *   (byte-aligned, no back-references across it), and the nonce goes between them as a stored block, so only the
 *   CRC-32 of the trailer is computed per response;
 * - Brotli is offered for bodies without holes (the JSON reads).
 */
export interface PreparedResponse {
  status: number;
  headers: Record<string, string>;
  /** A weak validator: the bytes differ by the nonce, the content does not. */
  etag: string;
  parts: Buffer[];
  deflatedParts: Buffer[];
  crcs: number[];
  brotli: Buffer | undefined;
  /** The whole gzip body of a body without holes, assembled on first use. */
  gzip?: Buffer;
  /** Bytes held, for the cache's memory bound. */
  size: number;
}

export async function prepareResponse(
  pieces: BodyPiece[],
  options: { status?: number; headers: Record<string, string> },
): Promise<PreparedResponse> {
  const parts: Buffer[] = [];
  let current = "";
  for (const piece of pieces) {
    if (piece === NONCE) {
      parts.push(Buffer.from(current));
      current = "";
    } else current += piece;
  }
  parts.push(Buffer.from(current));

  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  const etag = `W/"${hash.digest("base64url").slice(0, 27)}"`;
  const deflatedParts = await Promise.all(
    parts.map((part, index) =>
      deflateRawAsync(part, {
        level: 9,
        finishFlush: index === parts.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH,
      }),
    ),
  );
  // Quality 9 and a window no larger than the body: within a few per cent of Brotli's best for bodies of this size,
  // at a small fraction of the memory (quality 10 and 11 hold tens of megabytes per compression).
  const body = parts[0] ?? Buffer.alloc(0);
  const brotli =
    parts.length === 1
      ? await brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(body.length + 1)))),
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : undefined;
  const size =
    parts.reduce((sum, part) => sum + part.length, 0) * 2 +
    deflatedParts.reduce((sum, part) => sum + part.length, 0) +
    (brotli?.length ?? 0);
  return {
    status: options.status ?? 200,
    headers: options.headers,
    etag,
    parts,
    deflatedParts,
    crcs: parts.map((part) => crc32(part)),
    brotli,
    size,
  };
}

/**
 * The identity body with `nonce` in every hole, as the pieces to write one after the other: a page is sent without
 * copying its bytes into a new buffer for every response.
 */
export function identityChunks(prepared: PreparedResponse, nonce: string): Buffer[] {
  if (prepared.parts.length === 1) return prepared.parts;
  const nonceBytes = Buffer.from(nonce);
  const chunks: Buffer[] = [];
  prepared.parts.forEach((part, index) => {
    if (index > 0) chunks.push(nonceBytes);
    chunks.push(part);
  });
  return chunks;
}

/** The identity body with `nonce` in every hole, in one buffer. */
export function identityBody(prepared: PreparedResponse, nonce: string): Buffer {
  const chunks = identityChunks(prepared, nonce);
  return chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(chunks);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0xff]);

/** A stored (uncompressed, not final) deflate block holding `bytes`; the stream is byte-aligned where it goes. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The gzip body with `nonce` in every hole, as the pieces to write one after the other. */
export function gzipChunks(prepared: PreparedResponse, nonce: string): Buffer[] {
  if (prepared.gzip) return [prepared.gzip];
  const nonceBytes = Buffer.from(nonce);
  const nonceBlock = storedBlock(nonceBytes);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  prepared.parts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(nonceBlock);
      crc = crc32(nonceBytes, crc);
      length += nonceBytes.length;
    }
    chunks.push(prepared.deflatedParts[index] ?? Buffer.alloc(0));
    // The first part's CRC is kept; the others continue from the nonce before them.
    crc = index === 0 ? (prepared.crcs[0] ?? 0) : crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  if (prepared.parts.length === 1) {
    prepared.gzip = Buffer.concat(chunks);
    return [prepared.gzip];
  }
  return chunks;
}

/** The gzip body with `nonce` in every hole, in one buffer. */
export function gzipBody(prepared: PreparedResponse, nonce: string): Buffer {
  const chunks = gzipChunks(prepared, nonce);
  return chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(chunks);
}

/**
 * The encoding to answer with: of Brotli (when there is one) and gzip, the one the client weighs higher, Brotli on a
 * tie; none when the client accepts neither.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  prepared: PreparedResponse,
): "br" | "gzip" | "identity" {
  if (!acceptEncoding) return "identity";
  const weightOf = (name: string) => {
    let wildcard = 0;
    for (const item of acceptEncoding.split(",")) {
      const [token = "", ...params] = item.trim().toLowerCase().split(";");
      if (token !== name && token !== "*") continue;
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      const valid = Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0;
      if (token === name) return valid;
      wildcard = valid;
    }
    return wildcard;
  };
  const br = prepared.brotli ? weightOf("br") : 0;
  const gzip = weightOf("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}
