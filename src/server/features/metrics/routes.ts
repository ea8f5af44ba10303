import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../../http/errors";
import { type Metrics, UNMATCHED_ROUTE } from "../../core/metrics/metrics";

/**
 * GET /metrics in Prometheus' text format, for whoever holds METRICS_TOKEN, and the timing of every request.
 * Registered on the root instance (not as an encapsulated plugin) so that its hook sees every route.
 *
 * Without METRICS_TOKEN nothing is registered: /metrics is then an unknown path (404) and requests are not timed.
 * With it, a request without the right `Authorization: Bearer` token is answered 401, which tells whoever sets up
 * the scraper that the token is what is wrong; the token is long and random (config.ts), so the answer helps no one
 * guess it.
 */
export function registerMetrics(app: FastifyInstance, options: { metrics: Metrics; token: string }): void {
  const { metrics } = options;
  const expected = digest(options.token);

  // Timed when the response closes: every answer closes, also one whose reader hung up as the last bytes went out
  // or part way through (a download), which never emits the "finish" that Fastify's onResponse waits for.
  app.addHook("onRequest", async (request, reply) => {
    reply.raw.once("close", () =>
      metrics.observeRequest(
        { route: routeLabel(request), method: request.method, statusCode: reply.statusCode },
        reply.elapsedTime / 1000,
      ),
    );
  });

  app.get("/metrics", async (request, reply) => {
    if (!holdsToken(request, expected))
      throw new HttpError(401, "The metrics need the bearer token of METRICS_TOKEN.", {
        "www-authenticate": 'Bearer realm="metrics"',
      });
    const body = await metrics.registry.metrics();
    return reply
      .header("content-type", metrics.registry.contentType)
      .header("cache-control", "no-store")
      .send(body);
  });
}

/** The route's pattern, never the path: a path carries manage tokens, order ids and room ids. */
function routeLabel(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

/** Compared as digests, so that neither the comparison's time nor a length check tells anything about the token. */
function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function holdsToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}
