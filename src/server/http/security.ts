import type { Config } from "../config";

/**
 * The Content-Security-Policy of every page. Scripts and frames come only from this site plus the origins the
 * features that need them add (the payment SDK, the video service), so injected markup cannot load code.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const https = config.publicBaseUrl?.startsWith("https://") ?? false;
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...config.csp.extraScriptSrc],
    // Radix positions popovers with inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...config.csp.extraScriptSrc],
    "frame-src": ["'self'", ...config.csp.extraFrameSrc],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "upgrade-insecure-requests": https ? [] : null,
  };
}
