import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { type AccessEntry, logAccess } from "../../core/access-log/access-log";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { adminSessionRef, requireAdmin, SESSION_COOKIE, validateSession } from "./service";

export { SESSION_COOKIE } from "./service";

declare module "fastify" {
  interface FastifyRequest {
    /** The administrator's live session, looked up once per request and only when asked for. */
    adminSession(): Promise<{ expiresAt: Date } | undefined>;
    /**
     * Writes the doctor's read or change of a patient's data to the access log, signed with her session's reference.
     * Called once the read or change has succeeded.
     */
    recordAccess(entry: AccessEntry): Promise<void>;
  }
  interface FastifyContextConfig {
    /** An admin route a visitor without a session may call (the login). The same-origin check still applies. */
    adminPublic?: boolean;
    /**
     * The body types an admin route takes besides JSON (an image upload). Cross-site forms can send multipart, so
     * the same-origin check is what refuses them; the JSON rule stays for every other route.
     */
    adminBodyTypes?: readonly string[];
  }
}

/** An Origin header in URL form ("http://localhost:80" is "http://localhost"); an unreadable one matches nothing. */
function originOf(header: string): string | undefined {
  try {
    return new URL(header).origin;
  } catch {
    return undefined;
  }
}

function requestOrigin(request: FastifyRequest): string | undefined {
  return originOf(`${request.protocol}://${request.host}`);
}

/**
 * Cross-site request forgery: a state-changing admin call must come from this site's own pages (the Origin header
 * names this site) and carry JSON, which an HTML form on another site cannot send. The cookie is SameSite=Strict
 * as well; this is the second lock.
 */
function checkSameOriginJson(request: FastifyRequest, config: Config): void {
  const origin = request.headers.origin;
  // With PUBLIC_BASE_URL the site's origin is known; the Host header, which the sender writes, is not trusted then.
  const allowed = config.publicBaseUrl ? new URL(config.publicBaseUrl).origin : requestOrigin(request);
  if (!origin || originOf(origin) !== allowed)
    throw new HttpError(403, "Forbidden: this request must come from the site's own pages");
  const hasBody = request.method !== "DELETE";
  const type = (request.headers["content-type"] ?? "").toLowerCase();
  const accepted = ["application/json", ...(request.routeOptions.config.adminBodyTypes ?? [])];
  if (hasBody && !accepted.some((prefix) => type.startsWith(prefix))) {
    throw new HttpError(403, "Forbidden: this request must send JSON");
  }
}

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Gives every request `adminSession()`, which reads the session cookie the first time it is called. */
export function decorateAdminSession(
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
  app.decorateRequest("recordAccess", function (this: FastifyRequest, entry: AccessEntry) {
    // An id as the address spelled it: the database reads a UUID in capitals too, so the log keeps the stored
    // (lower-case) form, which names the patient on the Activity page.
    const recordId = UUID_SHAPE.test(entry.recordId) ? entry.recordId.toLowerCase() : entry.recordId;
    return logAccess(deps.db, adminSessionRef(this), { ...entry, recordId }, deps.now());
  });
}

/**
 * The scope every admin route is registered in. Its `onRequest` hook belongs to the routes themselves: Fastify runs
 * it after the router has chosen a route of this scope, however the path was spelled (percent-encoded letters
 * included), so no spelling of a URL can reach an admin handler without a session and a same-origin JSON request.
 */
export const adminScope: FastifyPluginAsync<{
  config: Config;
  routes: (scope: FastifyInstance) => Promise<void>;
}> = async (scope, { config, routes }) => {
  scope.addHook("onRequest", async (request) => {
    if (!request.routeOptions.config.adminPublic) await requireAdmin(request);
    if (stateChanging.has(request.method)) checkSameOriginJson(request, config);
    // A HEAD would read patient data, write a read nobody saw to the access log, and send nothing: GET only.
    if (request.method === "HEAD")
      throw new HttpError(405, "The console's addresses answer GET, not HEAD.", { allow: "GET" });
  });
  // Patient data never stays in a browser's or a proxy's cache (a shared clinic computer): every answer is
  // no-store, unless the route chose its own.
  scope.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
  await routes(scope);
};
