import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AdminSession, loginSchema } from "@shared/admin";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { visitorAddress } from "../../http/proxy-trust";
import { SESSION_COOKIE } from "./guard";
import { login, logout } from "./service";

interface AdminAuthRouteOptions {
  db: Db;
  config: Config;
  passwordHash: string;
  now: () => Date;
}

export const adminAuthRoutes: FastifyPluginAsyncZod<AdminAuthRouteOptions> = async (app, options) => {
  const { db, config, passwordHash, now } = options;
  const secure = config.publicBaseUrl?.startsWith("https://") ?? false;

  app.post(
    "/api/admin/login",
    { schema: { body: loginSchema }, config: { adminPublic: true } },
    async (request, reply) => {
      const session = await login(
        db,
        config,
        passwordHash,
        request.body.password,
        visitorAddress(request),
        now(),
      );
      reply.setCookie(SESSION_COOKIE, session.token, {
        httpOnly: true,
        sameSite: "strict",
        secure,
        path: "/",
        expires: session.expiresAt,
      });
      return { authenticated: true, expiresAt: session.expiresAt.toISOString() } satisfies AdminSession;
    },
  );

  app.post("/api/admin/logout", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await logout(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "strict", secure });
    return { authenticated: false };
  });

  app.get("/api/admin/session", async (request) => {
    const session = await request.adminSession();
    if (!session) throw new HttpError(401, "Unauthorized: please log in as the administrator");
    return { authenticated: true, expiresAt: session.expiresAt.toISOString() } satisfies AdminSession;
  });
};
