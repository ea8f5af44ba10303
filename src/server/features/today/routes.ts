import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { doctorsDay } from "./service";

/** The console's Today page. The admin scope has already checked the session and the origin. */
export const todayRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; now: () => Date }> = async (
  app,
  { db, config, now },
) => {
  app.get("/api/admin/today", async (request) => doctorsDay(db, config, siteUrl(config, request), now()));
};
