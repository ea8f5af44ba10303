import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import { assertStorageKey } from "./keys";
import { removeFilesWrittenBefore } from "./old-files";
import { type OpenedRecord, RecordNotFoundError, type RecordStore, type StoredFile } from "./record-store";

/** The copy an upload waits in before it is sent: `clinic-upload-{24 hex}`. */
const SPOOLED_FILE = /^clinic-upload-[0-9a-f]{24}$/;

interface S3StoreOptions {
  bucket: string;
  region: string;
  /** Another service than AWS (MinIO, Cloudflare R2, DigitalOcean Spaces), or a stand-in in tests. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where an upload waits, whole, before it is sent to the bucket; the system's temporary folder by default. */
  spoolDirectory?: string;
}

/**
 * Files in an S3-compatible bucket, through the official AWS SDK. The bucket should be private (no public access,
 * no listing): the site hands files out itself, to the doctor and to the parent's link only.
 *
 * An upload arrives as a stream of unknown length, and a plain PutObject needs the length: the stream is first
 * written to a temporary file (readable by this user only, removed at once), so memory stays flat and a file cut off
 * or refused never reaches the bucket. Checksums are sent only where S3 requires them, which every S3-compatible
 * service understands (some refuse the SDK's newer streamed checksums); TLS protects the bytes in transit.
 */
export function createS3RecordStore(options: S3StoreOptions): RecordStore {
  // The SDK is loaded by the sites that keep files in a bucket only; it is tens of megabytes of memory.
  const connection = import("@aws-sdk/client-s3").then((sdk) => ({
    sdk,
    client: newClient(sdk.S3Client, options),
  }));
  // A failed load is reported by the first call that needs it, not as an unhandled rejection at start.
  connection.catch(() => undefined);
  const Bucket = options.bucket;
  const spoolDirectory = options.spoolDirectory ?? tmpdir();

  const store: RecordStore = {
    async put(key: string, body: Readable, contentType: string): Promise<void> {
      assertStorageKey(key);
      const { sdk, client } = await connection;
      const spool = join(spoolDirectory, `clinic-upload-${randomBytes(12).toString("hex")}`);
      try {
        await pipeline(body, createWriteStream(spool, { flags: "wx", mode: 0o600 }));
        const { size } = await stat(spool);
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(spool),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } finally {
        await rm(spool, { force: true });
      }
    },

    async get(key: string): Promise<Readable> {
      assertStorageKey(key);
      const { sdk, client } = await connection;
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) throw new Error("The S3 answer has no readable body");
        return answer.Body;
      } catch (error) {
        if (isNotFound(sdk, error)) throw new RecordNotFoundError(key);
        throw error;
      }
    },

    /**
     * Nothing is fetched until the object is read: a request opened ahead would hold one of the SDK's connections
     * and be dropped by its socket timeout while the reader is still on an earlier file.
     */
    open(key: string): Promise<OpenedRecord> {
      assertStorageKey(key);
      return Promise.resolve({ read: () => store.get(key), close: () => Promise.resolve() });
    },
    async delete(key: string): Promise<void> {
      assertStorageKey(key);
      const { sdk, client } = await connection;
      // S3 answers 204 for a key that holds nothing, as the interface wants.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *keys(): AsyncIterable<string> {
      for await (const file of store.list()) yield file.key;
    },
    async *list(): AsyncIterable<StoredFile> {
      const { sdk, client } = await connection;
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? [])
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
      }
    },
    /** The bucket never holds part of a file (an object appears whole); the spooled copies on this machine can. */
    removeAbandoned(before: Date): Promise<number> {
      return removeFilesWrittenBefore(spoolDirectory, SPOOLED_FILE, before);
    },
  };
  return store;
}

type S3Sdk = typeof S3;

function newClient(Client: S3Sdk["S3Client"], options: S3StoreOptions): S3.S3Client {
  return new Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that stops answering fails the request instead of holding it (and the parent's upload) for good.
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
}

function isNotFound(sdk: S3Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.NoSuchKey ||
    (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}
