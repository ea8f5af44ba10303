import { createHash, createHmac, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { flatHeaders, listenOnLoopback, readBody } from "./loopback-server";
import { useInSuite } from "./suite";
import { testEngines } from "./test-database";

/**
 * A loopback stand-in for an S3-compatible object store, for tests: path-style addresses (`/{bucket}/{key}`) and
 * the four calls the record store makes, as Amazon's S3 API reference describes them (PutObject, GetObject,
 * DeleteObject, ListObjectsV2 with continuation tokens), with S3's XML error bodies. Every request must carry a
 * valid Signature Version 4 for the stand-in's key pair, and a signed payload hash must match the body.
 */
interface S3StandInOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The most keys one ListObjectsV2 page holds (S3's own is 1,000), to make paging visible in tests. */
  pageSize?: number;
}

export interface S3StandInRequest {
  method: string;
  path: string;
  /** Lower-case names, as Node delivers them. */
  headers: Record<string, string>;
  status?: number;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  lastModified: Date;
}

export interface S3StandIn {
  /** http://127.0.0.1:PORT, the endpoint to give the SDK (with path-style addressing). */
  endpoint: string;
  requests: S3StandInRequest[];
  objects: Map<string, StoredObject>;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const requests: S3StandInRequest[] = [];
  const objects = new Map<string, StoredObject>();

  const server = await listenOnLoopback((request, response) => {
    void readBody(request).then((body) => {
      const entry: S3StandInRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: flatHeaders(request, ","),
      };
      requests.push(entry);
      const answer = handle(entry, body, options, objects);
      entry.status = answer.status;
      reply(response, answer);
    });
  });
  return { endpoint: server.url, requests, objects, close: server.close };
}

function handle(
  request: S3StandInRequest,
  rawBody: Buffer,
  options: S3StandInOptions,
  objects: Map<string, StoredObject>,
): Answer {
  const url = new URL(request.path, "http://stand-in");
  const [, bucket = "", ...keyParts] = url.pathname.split("/");
  const key = decodeURIComponent(keyParts.join("/"));
  const signatureProblem = checkSignature(request, rawBody, options);
  if (signatureProblem) return s3Error(403, signatureProblem.code, signatureProblem.message);
  if (decodeURIComponent(bucket) !== options.bucket)
    return s3Error(404, "NoSuchBucket", "The specified bucket does not exist.");

  if (!key) {
    if (request.method === "GET" && url.searchParams.get("list-type") === "2")
      return listObjects(url.searchParams, options, objects);
    return s3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  }
  switch (request.method) {
    case "PUT": {
      const body = decodedBody(request, rawBody);
      objects.set(key, {
        body,
        contentType: request.headers["content-type"] ?? "binary/octet-stream",
        lastModified: new Date(),
      });
      return { status: 200, headers: { etag: etagOf(body) } };
    }
    case "GET": {
      const object = objects.get(key);
      if (!object) return s3Error(404, "NoSuchKey", "The specified key does not exist.", key);
      return {
        status: 200,
        headers: {
          "content-type": object.contentType,
          etag: etagOf(object.body),
          "last-modified": object.lastModified.toUTCString(),
          "accept-ranges": "bytes",
        },
        body: object.body,
      };
    }
    case "DELETE":
      objects.delete(key);
      return { status: 204 };
    default:
      return s3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  }
}

/** ListObjectsV2: keys in UTF-8 binary order, a page at a time; the continuation token is the last key given. */
function listObjects(
  query: URLSearchParams,
  options: S3StandInOptions,
  objects: Map<string, StoredObject>,
): Answer {
  const prefix = query.get("prefix") ?? "";
  const maxKeys = Math.min(Number(query.get("max-keys") ?? 1000), options.pageSize ?? 1000);
  const token = query.get("continuation-token");
  const after = token ? Buffer.from(token, "base64url").toString() : (query.get("start-after") ?? "");
  const keys = [...objects.keys()]
    .filter((key) => key.startsWith(prefix) && key > after)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = objects.get(key);
      return (
        `<Contents><Key>${xmlText(key)}</Key><LastModified>${object?.lastModified.toISOString() ?? ""}</LastModified>` +
        `<ETag>${xmlText(etagOf(object?.body ?? Buffer.alloc(0)))}</ETag><Size>${object?.body.length ?? 0}</Size>` +
        `<StorageClass>STANDARD</StorageClass></Contents>`
      );
    })
    .join("");
  const next = truncated ? Buffer.from(page.at(-1) ?? "").toString("base64url") : undefined;
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Name>${xmlText(options.bucket)}</Name><Prefix>${xmlText(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
    `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}` +
    (token ? `<ContinuationToken>${xmlText(token)}</ContinuationToken>` : "") +
    (next ? `<NextContinuationToken>${next}</NextContinuationToken>` : "") +
    `</ListBucketResult>`;
  return { status: 200, headers: { "content-type": "application/xml" }, body };
}

// ---------------------------------------------------------------------------------------------------------------
// Signature Version 4 (docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html)

const AUTHORIZATION_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

function checkSignature(
  request: S3StandInRequest,
  body: Buffer,
  options: S3StandInOptions,
): { code: string; message: string } | undefined {
  const match = AUTHORIZATION_PATTERN.exec(request.headers.authorization ?? "");
  if (!match) return { code: "AccessDenied", message: "Access Denied" };
  const [, accessKeyId, date = "", region = "", signedHeaders = "", signature] = match;
  if (accessKeyId !== options.accessKeyId)
    return {
      code: "InvalidAccessKeyId",
      message: "The AWS Access Key Id you provided does not exist in our records.",
    };
  if (region !== options.region)
    return { code: "AuthorizationHeaderMalformed", message: `The region '${region}' is wrong.` };
  const payloadHash = request.headers["x-amz-content-sha256"] ?? "";
  if (/^[0-9a-f]{64}$/.test(payloadHash) && sha256Hex(body) !== payloadHash)
    return {
      code: "XAmzContentSHA256Mismatch",
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  const amzDate = request.headers["x-amz-date"] ?? "";
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    sha256Hex(canonicalRequest(request, signedHeaders, payloadHash)),
  ].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), region), "s3"),
    "aws4_request",
  );
  if (hmac(signingKey, stringToSign).toString("hex") !== signature)
    return {
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided.",
    };
  return undefined;
}

function canonicalRequest(request: S3StandInRequest, signedHeaders: string, payloadHash: string): string {
  const [path = "/", query = ""] = request.path.split("?");
  const canonicalQuery = query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split("=");
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headerLines = signedHeaders
    .split(";")
    .map((name) => `${name}:${(request.headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  return [request.method, path, canonicalQuery, headerLines, signedHeaders, payloadHash].join("\n");
}

/** RFC 3986 unreserved characters stay; everything else is percent-encoded, as SigV4 asks. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

// ---------------------------------------------------------------------------------------------------------------

/** A body sent with `Content-Encoding: aws-chunked` (streamed signing or a trailing checksum), decoded to its bytes. */
function decodedBody(request: S3StandInRequest, body: Buffer): Buffer {
  if (!(request.headers["content-encoding"] ?? "").includes("aws-chunked")) return body;
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString().split(";")[0] ?? "0", 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function etagOf(body: Buffer): string {
  return `"${createHash("md5").update(body).digest("hex")}"`;
}

function xmlText(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function s3Error(status: number, code: string, message: string, key?: string): Answer {
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlText(message)}</Message>` +
    (key ? `<Key>${xmlText(key)}</Key>` : "") +
    `<RequestId>${randomBytes(8).toString("hex")}</RequestId></Error>`;
  return { status, headers: { "content-type": "application/xml" }, body };
}

function reply(response: ServerResponse, answer: Answer): void {
  const body = answer.body ?? "";
  response.writeHead(answer.status, {
    "x-amz-request-id": randomBytes(8).toString("hex").toUpperCase(),
    ...(answer.status === 204 ? {} : { "content-length": String(Buffer.byteLength(body)) }),
    ...answer.headers,
  });
  response.end(answer.status === 204 ? undefined : body);
}

/** The account the record-store tests give the stand-in. */
export const TEST_S3_ACCOUNT = {
  bucket: "clinic-records",
  region: "ap-south-1",
  accessKeyId: "AKIATESTRECORDS",
  secretAccessKey: "test-secret-for-the-stand-in",
};

/** The settings that keep uploaded reports in the stand-in's bucket (none when there is no stand-in). */
export function recordsInS3Env(s3: S3StandIn | undefined): Record<string, string> {
  if (!s3) return {};
  return {
    RECORDS_S3_BUCKET: TEST_S3_ACCOUNT.bucket,
    RECORDS_S3_REGION: TEST_S3_ACCOUNT.region,
    RECORDS_S3_ENDPOINT: s3.endpoint,
    RECORDS_S3_FORCE_PATH_STYLE: "true",
    RECORDS_S3_ACCESS_KEY_ID: TEST_S3_ACCOUNT.accessKeyId,
    RECORDS_S3_SECRET_ACCESS_KEY: TEST_S3_ACCOUNT.secretAccessKey,
  };
}

/** Where a suite's uploaded reports are kept: the app's own folder, or a bucket on the S3 stand-in. */
export type RecordStore = "the local folder" | "an S3 bucket";
/** Each engine with each place the reports are kept, for a `describe.each` of suites that run on both. */
export const engineAndStoreCases = testEngines.flatMap((engine) =>
  (["the local folder", "an S3 bucket"] as const).map((store: RecordStore) => [engine, store] as const),
);

/** In a `describe`: the suite's S3 stand-in when its reports go to a bucket (see `useInSuite`), else none. */
export function useRecordStore(store: RecordStore): S3StandIn | undefined {
  return store === "an S3 bucket" ? useInSuite(() => startS3StandIn(TEST_S3_ACCOUNT)) : undefined;
}
