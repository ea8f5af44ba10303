import type { IncomingMessage, ServerResponse } from "node:http";
import { DEFAULT_LANGUAGE, isLanguage } from "@shared/i18n/languages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  chooseEncoding,
  gzipBody,
  gzipChunks,
  identityBody,
  identityChunks,
  prepareResponse,
  type PreparedResponse,
} from "./prepared-response";
import { arrivedOverHttps, type ProxyTrustFunction } from "./proxy-trust";
import { newRequestId } from "./request-id";
import { newNonce, type SecurityHeaders } from "./security";

/**
 * Public pages and the public JSON reads, kept in memory ready to send: they change a few times a month and are
 * read on every visit. Everything is dropped at once when public content changes (`invalidate`); a read that began
 * before the change is not stored after it (`generation`). Entries also expire after `maxAgeMs`, and the least
 * recently stored go first when the cache holds more than `maxBytes`.
 */
interface PublicCacheOptions {
  maxBytes?: number;
  maxAgeMs?: number;
  /** Off in development, where pages change with the source. */
  enabled?: boolean;
}

interface Entry {
  prepared: PreparedResponse;
  expiresAt: number;
}

export class PublicCache {
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private generationValue = 0;
  private suspended = false;
  private readonly enabled: boolean;
  private readonly sharers: ((url: string) => string | undefined)[] = [];

  constructor(options: PublicCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.enabled = options.enabled ?? true;
  }

  /** Changes with every invalidation; a read stores its answer only if it is unchanged since the read began. */
  get generation(): number {
    return this.generationValue;
  }

  /** Whether answers may be kept and served now (not while the change feed is down). */
  get active(): boolean {
    return this.enabled && !this.suspended;
  }

  get(key: string): PreparedResponse | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.prepared;
  }

  set(key: string, prepared: PreparedResponse, generation: number): void {
    if (!this.active || generation !== this.generationValue) return;
    this.delete(key);
    if (prepared.size > this.maxBytes / 4) return;
    this.entries.set(key, { prepared, expiresAt: Date.now() + this.maxAgeMs });
    this.bytes += prepared.size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.prepared.size;
    }
  }

  /**
   * Lets addresses be answered by an entry kept under another key (one page for many addresses): `keyFor` names that
   * key for an address it is sure of, at once, or nothing.
   */
  shareEntries(keyFor: (url: string) => string | undefined): void {
    this.sharers.push(keyFor);
  }

  /** The answer kept for an address: its own entry, else the shared one an address of its kind is answered with. */
  forAddress(url: string): PreparedResponse | undefined {
    const own = this.get(url);
    if (own || !this.active) return own;
    for (const keyFor of this.sharers) {
      const key = keyFor(url);
      if (key !== undefined) return this.get(key);
    }
    return undefined;
  }

  /** Drops every entry: public content changed. */
  invalidate(): void {
    this.generationValue += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** While the change feed cannot be trusted (its connection is down), nothing is served from memory. */
  suspend(): void {
    this.suspended = true;
    this.invalidate();
  }

  resume(): void {
    this.invalidate();
    this.suspended = false;
  }

  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.prepared.size;
  }
}

/** Does the request's If-None-Match name this validator (weak comparison, as RFC 9110 asks for GET)? */
function notModified(request: { headers: IncomingMessage["headers"] }, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

/**
 * Sends a prepared response: 304 when the browser's copy is current, else the body in the best encoding it accepts.
 * A page (a body with nonce holes) gets a fresh nonce and the matching policy; its 304 carries no policy, so the
 * browser keeps the one that came with its copy, whose nonce that copy's elements carry.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedResponse,
  security: SecurityHeaders,
): FastifyReply {
  const isPage = prepared.parts.length > 1;
  reply.headers(prepared.headers);
  reply.header("etag", prepared.etag);
  reply.header("vary", "accept-encoding");
  if (prepared.status === 200 && notModified(request, prepared.etag)) {
    if (isPage) reply.raw.removeHeader("content-security-policy");
    return reply.status(304).send();
  }
  reply.status(prepared.status);
  const nonce = isPage ? newNonce() : "";
  if (isPage) {
    const policy = security.pagePolicy(nonce);
    if (policy) reply.header("content-security-policy", policy);
  }
  switch (chooseEncoding(request.headers["accept-encoding"], prepared)) {
    case "br":
      return reply.header("content-encoding", "br").send(prepared.brotli);
    case "gzip":
      return reply.header("content-encoding", "gzip").send(gzipBody(prepared, nonce));
    default:
      return reply.send(identityBody(prepared, nonce));
  }
}

/**
 * Serves the named GET routes (public JSON reads) from the cache, in front of their handlers: a hit is answered
 * before the handler runs; a miss runs it and keeps its 200 answer. The key is the path, with the one query these
 * reads take, a site language (`?language=kn`, the articles in Kannada); any other query is not part of the answer,
 * so it is not part of the key either (a made-up query cannot fill memory).
 */
export function cachePublicReads(
  app: FastifyInstance,
  cache: PublicCache,
  security: SecurityHeaders,
  routes: readonly string[],
): void {
  const cached = new Set(routes);
  const started = new WeakMap<FastifyRequest, { key: string; generation: number; done: () => void }>();
  // A read being answered for a key: later requests for it wait and take its answer from memory.
  const pending = new Map<string, Promise<void>>();
  const keyOf = (request: FastifyRequest) => {
    const path = request.url.split("?")[0] ?? request.url;
    // The language exactly as the route reads it: Fastify's own parse of the query (a repeated name arrives as a
    // list, which the route takes for English; a "?" inside the query is part of a value, not a new query).
    const language = (request.query as Record<string, unknown> | undefined)?.language;
    return isLanguage(language) && language !== DEFAULT_LANGUAGE ? `${path}?language=${language}` : path;
  };

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (!cached.has(request.routeOptions.url ?? "")) return;
    const key = keyOf(request);
    let prepared = cache.get(key);
    if (!prepared && pending.has(key)) {
      await pending.get(key);
      prepared = cache.get(key);
    }
    if (prepared) return sendPrepared(request, reply, prepared, security);
    if (!cache.active || pending.has(key)) return;
    let done = () => undefined as void;
    pending.set(key, new Promise<void>((resolve) => (done = resolve)));
    started.set(request, {
      key,
      generation: cache.generation,
      done: () => {
        pending.delete(key);
        done();
      },
    });
  });
  // However the read ended, whoever waits for it goes on.
  app.addHook("onResponse", async (request) => started.get(request)?.done());

  app.addHook("onSend", async (request, reply, payload) => {
    const read = started.get(request);
    if (!read || reply.statusCode !== 200) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const prepared = await prepareResponse([payload.toString()], {
      headers: {
        "content-type": String(reply.getHeader("content-type") ?? "application/json; charset=utf-8"),
        "cache-control": "no-cache",
      },
    });
    cache.set(read.key, prepared, read.generation);
    reply.header("etag", prepared.etag);
    reply.header("cache-control", "no-cache");
    reply.header("vary", "accept-encoding");
    if (notModified(request, prepared.etag)) {
      reply.status(304);
      return null;
    }
    const encoding = chooseEncoding(request.headers["accept-encoding"], prepared);
    if (encoding === "identity") return payload;
    reply.header("content-encoding", encoding);
    return encoding === "br" ? prepared.brotli : gzipBody(prepared, "");
  });
}

/**
 * Answers requests for what is in memory before Fastify routes them: the same headers (security headers, a fresh
 * nonce and its policy for a page, a request id, HSTS over https), validator, 304 and encodings as `sendPrepared`,
 * without the work of the hooks every other request goes through. Only an address that is exactly a key in memory,
 * or one a shared entry answers (`shareEntries`), is answered here (no query, no encoding to decode); anything else,
 * and everything while the cache is off, goes on to Fastify. Answers from memory are not logged one by one.
 */
export function answerFromMemoryFirst(
  app: FastifyInstance,
  cache: PublicCache,
  security: SecurityHeaders,
  options: { trustProxy: ProxyTrustFunction | false },
): void {
  const server = app.server;
  // Fastify's handler is the first listener, added when it created the server; any other only observes requests
  // (the connection cap notes which request each connection is on) and is left as it is.
  const [fastifyHandler] = server.listeners("request") as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  if (!fastifyHandler) return;
  const common = Object.entries(security.common);

  server.removeListener("request", fastifyHandler);
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const { method, url } = request;
    const prepared = (method === "GET" || method === "HEAD") && url ? cache.forAddress(url) : undefined;
    if (!prepared) return fastifyHandler(request, response);
    const headers: Record<string, string | number> = {};
    for (const [name, value] of common) headers[name] = value;
    for (const name in prepared.headers) headers[name] = prepared.headers[name] ?? "";
    headers.etag = prepared.etag;
    headers.vary = "accept-encoding";
    headers["x-request-id"] = newRequestId();
    if (arrivedOverHttps(request, options.trustProxy))
      headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
    const isPage = prepared.parts.length > 1;
    if (prepared.status === 200 && notModified(request, prepared.etag)) {
      if (isPage) delete headers["content-security-policy"];
      response.writeHead(304, headers);
      response.end();
      return;
    }
    const nonce = isPage ? newNonce() : "";
    if (isPage) {
      const policy = security.pagePolicy(nonce);
      if (policy) headers["content-security-policy"] = policy;
    }
    const encoding = chooseEncoding(request.headers["accept-encoding"], prepared);
    let chunks: Buffer[];
    if (encoding === "br" && prepared.brotli) chunks = [prepared.brotli];
    else if (encoding === "gzip") chunks = gzipChunks(prepared, nonce);
    else chunks = identityChunks(prepared, nonce);
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    headers["content-length"] = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    response.writeHead(prepared.status, headers);
    if (method === "HEAD") return void response.end();
    if (chunks.length === 1) return void response.end(chunks[0]);
    // Written corked, the pieces leave in one system call, and no buffer is allocated for the whole body.
    response.cork();
    for (const chunk of chunks) response.write(chunk);
    response.end();
  });
}
