import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { videoCspOrigins } from "../integrations/video/video-service";

/**
 * The Content-Security-Policy and the other security headers. Scripts and frames come only from this site plus the
 * origins the features that need them add (the payment SDK, the video service), so injected markup cannot load code.
 *
 * Pages get a strict policy: a fresh nonce per response on every script, module preload and style element the page
 * carries, and 'strict-dynamic', so the app's own script may load its chunks and the payment and video scripts and
 * nothing else runs. The host list after the nonce only serves browsers older than CSP level 3.
 */

/** Cashfree's checkout script, frames and API (its SDK README lists them). */
const cashfreeOrigins = {
  script: ["https://sdk.cashfree.com"],
  frame: [
    "https://sdk.cashfree.com",
    "https://api.cashfree.com",
    "https://sandbox.cashfree.com",
    "https://payments.cashfree.com",
    "https://payments-test.cashfree.com",
  ],
  connect: ["https://api.cashfree.com", "https://sandbox.cashfree.com"],
};

function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const https = config.publicBaseUrl?.startsWith("https://") ?? false;
  const cashfree = config.payments.provider === "cashfree";
  const video = videoCspOrigins(config.video);
  const scriptSrc = [
    ...(cashfree ? cashfreeOrigins.script : []),
    ...video.script,
    ...config.csp.extraScriptSrc,
  ];
  const frameSrc = [...(cashfree ? cashfreeOrigins.frame : []), ...video.frame, ...config.csp.extraFrameSrc];
  const connectSrc = [...(cashfree ? cashfreeOrigins.connect : []), ...config.csp.extraScriptSrc];
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "font-src": ["'self'"],
    // Cashfree's redirect checkout may post a form to its payment pages.
    // The payment simulator's form redirects to PUBLIC_BASE_URL, which may differ from the address a page came from.
    "form-action": [
      "'self'",
      ...(config.publicBaseUrl ? [new URL(config.publicBaseUrl).origin] : []),
      ...(cashfree ? cashfreeOrigins.frame : []),
    ],
    "frame-ancestors": ["'none'"],
    "img-src": ["'self'", "data:", "https:"],
    "object-src": ["'none'"],
    "script-src": ["'self'", ...scriptSrc],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "connect-src": ["'self'", ...connectSrc],
    "frame-src": ["'self'", ...frameSrc],
    "media-src": ["'self'"],
    "upgrade-insecure-requests": https ? [] : null,
  };
}

function serialize(directives: Record<string, string[] | null>): string {
  return Object.entries(directives)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => [name, ...values].join(" ").trim())
    .join(";");
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export interface SecurityHeaders {
  /** Headers every response carries, the policy for answers that are not pages included; computed once. */
  common: Record<string, string>;
  /** The policy of a page whose script, preload and style elements carry this nonce. */
  pagePolicy(nonce: string): string;
}

export function securityHeaders(config: Config): SecurityHeaders {
  const directives = contentSecurityPolicy(config);
  const common: Record<string, string> = {
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    // Framing is refused by frame-ancestors 'none'; the older header says the same.
    "x-frame-options": "DENY",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
  // `npm run dev` runs Vite's inline hot-reload scripts; no policy there.
  if (config.devServer) return { common, pagePolicy: () => "" };
  common["content-security-policy"] = serialize(directives);
  // The page policy is the same text each time but for the nonce: written once around a marker.
  const marker = "NONCE_MARKER";
  const [head = "", ...rest] = serialize({
    ...directives,
    "script-src": [`'nonce-${marker}'`, "'strict-dynamic'", ...(directives["script-src"] ?? [])],
    // Style elements need the nonce; style attributes (which the dialogs' positioning and the payment and video
    // services' markup set) stay allowed: they cannot run script.
    "style-src": ["'self'", `'nonce-${marker}'`],
    "style-src-attr": ["'unsafe-inline'"],
  }).split(marker);
  return { common, pagePolicy: (nonce) => head + rest.map((part) => nonce + part).join("") };
}

/**
 * Sets the headers on every response. Computed once at start and set in one hook: the helmet middleware built them
 * on every request and cost two thirds of the throughput of a read answered from memory.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  const entries = Object.entries(headers.common);
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https")
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
}
