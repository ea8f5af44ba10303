import type { Config } from "../config";
import { videoCspOrigins } from "../integrations/video/video-service";

/**
 * The Content-Security-Policy of every page. Scripts and frames come only from this site plus the origins the
 * features that need them add (the payment SDK, the video service), so injected markup cannot load code.
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

export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
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
    "script-src": ["'self'", ...scriptSrc],
    // Radix positions popovers with inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...connectSrc],
    "frame-src": ["'self'", ...frameSrc],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Cashfree's redirect checkout may post a form to its payment pages.
    "form-action": ["'self'", ...(cashfree ? cashfreeOrigins.frame : [])],
    "frame-ancestors": ["'none'"],
    "upgrade-insecure-requests": https ? [] : null,
  };
}
