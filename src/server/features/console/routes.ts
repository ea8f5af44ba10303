import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calendarQuerySchema } from "@shared/console";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { calendarOf } from "./calendar";
import { doctorsDay } from "./service";

/** The console's Today and Calendar pages. The admin scope has already checked the session and the origin. */
export const consoleRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; now: () => Date }> = async (
  app,
  { db, config, now },
) => {
  app.get("/api/admin/today", async (request) => doctorsDay(db, config, siteUrl(config, request), now()));

  app.get("/api/admin/calendar", { schema: { querystring: calendarQuerySchema } }, async (request) =>
    calendarOf(db, config, siteUrl(config, request), request.query, now()),
  );
};
