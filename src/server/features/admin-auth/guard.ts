import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { validateSession } from "./service";

export const SESSION_COOKIE = "admin_session";

/** Paths that only the administrator may reach; everything under them answers 401 without a session. */
const protectedPrefixes = ["/api/admin/", "/api/test-notifications/"];
/** The ways in: what a visitor without a session must be able to call. */
export const publicAdminPaths = new Set(["/api/admin/login"]);

declare module "fastify" {
  interface FastifyRequest {
    /** The administrator's live session, looked up once per request and only when asked for. */
    adminSession(): Promise<{ expiresAt: Date } | undefined>;
  }
}

export function isProtectedPath(path: string): boolean {
  return protectedPrefixes.some((prefix) => path.startsWith(prefix)) && !publicAdminPaths.has(path);
}

/** For handlers outside the protected prefixes (the appointments list): 401 unless signed in. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!(await request.adminSession()))
    throw new HttpError(401, "Unauthorized: please log in as the administrator");
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery: a state-changing admin call must come from this site's own pages (the Origin header
 * names this site) and carry JSON, which an HTML form on another site cannot send. The cookie is SameSite=Strict
 * as well; this is the second lock.
 */
function checkSameOriginJson(request: FastifyRequest, config: Config): void {
  const origin = request.headers.origin;
  const allowed = new Set([
    requestOrigin(request),
    ...(config.publicBaseUrl ? [new URL(config.publicBaseUrl).origin] : []),
  ]);
  if (!origin || !allowed.has(origin))
    throw new HttpError(403, "Forbidden: this request must come from the site's own pages");
  const hasBody = request.method !== "DELETE";
  const type = request.headers["content-type"] ?? "";
  if (hasBody && !type.toLowerCase().startsWith("application/json")) {
    throw new HttpError(403, "Forbidden: this request must send JSON");
  }
}

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function registerAdminGuard(
  app: FastifyInstance,
  deps: { db: Db; config: Config; now: () => Date },
): void {
  app.decorateRequest("adminSession", function (this: FastifyRequest) {
    const memo = this as FastifyRequest & { adminSessionLookup?: Promise<{ expiresAt: Date } | undefined> };
    memo.adminSessionLookup ??= (async () => {
      const token = this.cookies[SESSION_COOKIE];
      return token ? validateSession(deps.db, deps.config, token, deps.now()) : undefined;
    })();
    return memo.adminSessionLookup;
  });

  app.addHook("onRequest", async (request: FastifyRequest, _reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    const admin = path.startsWith("/api/admin/") || path.startsWith("/api/test-notifications/");
    if (!admin) return;
    if (isProtectedPath(path)) await requireAdmin(request);
    if (stateChanging.has(request.method)) checkSameOriginJson(request, deps.config);
  });
}
