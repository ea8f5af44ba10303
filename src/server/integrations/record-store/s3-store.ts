import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertStorageKey } from "./keys";
import { RecordNotFoundError, type RecordStore } from "./record-store";

export interface S3StoreOptions {
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
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that stops answering fails the request instead of holding it (and the parent's upload) for good.
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  const spoolDirectory = options.spoolDirectory ?? tmpdir();

  return {
    async put(key: string, body: Readable, contentType: string): Promise<void> {
      assertStorageKey(key);
      const spool = join(spoolDirectory, `clinic-upload-${randomBytes(12).toString("hex")}`);
      try {
        await pipeline(body, createWriteStream(spool, { flags: "wx", mode: 0o600 }));
        const { size } = await stat(spool);
        await client.send(
          new PutObjectCommand({
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
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) throw new Error("The S3 answer has no readable body");
        return answer.Body;
      } catch (error) {
        if (isNotFound(error)) throw new RecordNotFoundError(key);
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      assertStorageKey(key);
      // S3 answers 204 for a key that holds nothing, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *keys(): AsyncIterable<string> {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      }
    },
  };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}
