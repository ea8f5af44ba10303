import { HttpError } from "./errors";

/**
 * Route options for a per-address limit whose 429 answer has the one error shape, a readable message saying when
 * to try again, and a Retry-After header.
 */
export function rateLimited(max: number, timeWindow: string, message: (wait: string) => string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      errorResponseBuilder: (_request: unknown, context: { ttl: number }) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
        return new HttpError(429, message(wait), {
          "retry-after": String(seconds),
        });
      },
    },
  };
}
