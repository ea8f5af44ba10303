import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../../testing/s3-stand-in";
import { createLocalRecordStore } from "./local-store";
import { newStorageKey } from "./keys";
import { RecordNotFoundError, type RecordStore } from "./record-store";
import { createS3RecordStore } from "./s3-store";

/**
 * Both record stores keep the same promises: what is put comes back byte for byte, a failed stream leaves nothing,
 * a missing key is RecordNotFoundError, and keys() lists what is stored. The S3 store is driven through the real AWS
 * SDK against a loopback S3 stand-in that checks every request's signature.
 */
const s3Account = {
  bucket: "clinic-records",
  region: "ap-south-1",
  accessKeyId: "AKIATESTRECORDS",
  secretAccessKey: "test-secret-for-the-stand-in",
};

function bytes(length: number, seed = 7): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => (index * seed) % 251));
}

/** A stream that gives some bytes, then fails, as an upload cut off or refused half-way does. */
function failingStream(): Readable {
  return Readable.from(
    (async function* () {
      yield bytes(70_000);
      throw new Error("cut off");
    })(),
  );
}

async function allKeys(store: RecordStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
}

let s3: S3StandIn;
const spoolDirectory = mkdtempSync(join(tmpdir(), "record-spool-"));
beforeAll(async () => {
  s3 = await startS3StandIn({ ...s3Account, pageSize: 2 });
});
afterAll(() => s3.close());

const stores: [string, () => RecordStore][] = [
  ["the local folder", () => createLocalRecordStore(mkdtempSync(join(tmpdir(), "records-")))],
  [
    "an S3-compatible bucket",
    () => {
      s3.objects.clear();
      return createS3RecordStore({
        bucket: s3Account.bucket,
        region: s3Account.region,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: s3Account.accessKeyId, secretAccessKey: s3Account.secretAccessKey },
        spoolDirectory,
      });
    },
  ],
];

describe.each(stores)("the record store in %s", (_name, makeStore) => {
  it("gives back what was put, byte for byte, and lists every key across pages", async () => {
    const store = makeStore();
    const files = [bytes(3), bytes(1_500_000, 13), bytes(10), bytes(20_000, 3), bytes(1)];
    const keys = files.map(() => newStorageKey());
    for (const [index, file] of files.entries())
      await store.put(keys[index] ?? "", Readable.from([file]), "application/pdf");

    for (const [index, file] of files.entries())
      expect((await buffer(await store.get(keys[index] ?? ""))).equals(file)).toBe(true);
    expect(await allKeys(store)).toEqual([...keys].sort());
  });

  it("keeps nothing when the stream fails half-way", async () => {
    const store = makeStore();
    const key = newStorageKey();
    await expect(store.put(key, failingStream(), "image/png")).rejects.toThrow("cut off");
    expect(await allKeys(store)).toEqual([]);
    await expect(store.get(key)).rejects.toBeInstanceOf(RecordNotFoundError);
  });

  it("answers RecordNotFoundError for a missing key and deletes quietly", async () => {
    const store = makeStore();
    const key = newStorageKey();
    await expect(store.get(key)).rejects.toBeInstanceOf(RecordNotFoundError);
    await store.put(key, Readable.from([bytes(100)]), "image/jpeg");
    await store.delete(key);
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(RecordNotFoundError);
    expect(await allKeys(store)).toEqual([]);
  });

  it("refuses a key that could name another place", async () => {
    const store = makeStore();
    for (const key of ["../escape", "a/b", "", ".hidden", "x".repeat(65)]) {
      await expect(store.put(key, Readable.from([bytes(4)]), "image/png")).rejects.toThrow(/storage key/);
      await expect(store.get(key)).rejects.toThrow(/storage key/);
    }
  });
});

describe.each(stores)("a file opened in %s", (name, makeStore) => {
  it("is read whole after it is deleted from a folder; from a bucket it is gone", async () => {
    const store = makeStore();
    const key = newStorageKey();
    const file = bytes(200_000, 17);
    await store.put(key, Readable.from([file]), "application/pdf");
    const opened = await store.open(key);
    await store.delete(key);
    if (name === "the local folder") expect((await buffer(await opened.read())).equals(file)).toBe(true);
    else await expect(opened.read()).rejects.toBeInstanceOf(RecordNotFoundError);
    await opened.close();
    await opened.close();
    const missing = store.open(newStorageKey()).then((record) => record.read());
    await expect(missing).rejects.toBeInstanceOf(RecordNotFoundError);
  });
});

describe("the local record store", () => {
  it("keeps files readable by the server's user only, in a folder only it can open", async () => {
    const directory = join(mkdtempSync(join(tmpdir(), "records-")), "records");
    const store = createLocalRecordStore(directory);
    const key = newStorageKey();
    await store.put(key, Readable.from([bytes(10)]), "application/pdf");
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    expect(statSync(join(directory, key)).mode & 0o777).toBe(0o600);
    expect(readdirSync(directory)).toEqual([key]);
  });
});

describe("the S3 record store", () => {
  it("sends signed path-style requests with the type and length, and leaves no spooled copy behind", async () => {
    const store = stores[1]?.[1]() as RecordStore;
    const key = newStorageKey();
    const file = bytes(300_000, 11);
    const from = s3.requests.length;
    await store.put(key, Readable.from([file.subarray(0, 100_000), file.subarray(100_000)]), "image/heic");

    const put = s3.requests.slice(from).find((request) => request.method === "PUT");
    expect(put?.status).toBe(200);
    expect(put?.path.split("?")[0]).toBe(`/${s3Account.bucket}/${key}`);
    expect(put?.headers).toMatchObject({ "content-type": "image/heic", "content-length": "300000" });
    expect(s3.objects.get(key)?.body.equals(file)).toBe(true);
    expect(readdirSync(spoolDirectory)).toEqual([]);
  });

  it("fails with the store's refusal when the credentials are wrong", async () => {
    const store = createS3RecordStore({
      bucket: s3Account.bucket,
      region: s3Account.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3Account.accessKeyId, secretAccessKey: "not-the-secret" },
      spoolDirectory,
    });
    await expect(store.put(newStorageKey(), Readable.from([bytes(10)]), "image/png")).rejects.toMatchObject({
      name: "SignatureDoesNotMatch",
    });
    expect(readdirSync(spoolDirectory)).toEqual([]);
  });
});
