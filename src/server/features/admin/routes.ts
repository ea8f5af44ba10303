import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ProfileSource } from "@shared/site-profile";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { gatewayStatus, testGatewayConnection } from "./gateway-diagnostic";
import * as admin from "./service";

/** The dashboard's read-only calls. The admin guard has already checked the session for every /api/admin path. */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  profile: ProfileSource;
  now: () => Date;
}> = async (app, { db, config, profile, now }) => {
  app.get("/api/admin/stats", async () => admin.stats(db, config, now()));

  app.get("/api/admin/cashfree-test", async () => gatewayStatus(config));

  app.post("/api/admin/cashfree-test", async (request) =>
    testGatewayConnection(config, siteUrl(config, request), profile.current().contact.email, now()),
  );
};
