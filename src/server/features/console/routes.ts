import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calendarQuerySchema } from "@shared/console";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { z } from "zod";
import { calendarOf, doctorsDay, followUpOfConsultation } from "./service";

const idParams = z.object({ id: z.string().max(100) });

/** The console's Today and Calendar pages. The admin scope has already checked the session and the origin. */
export const consoleRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; now: () => Date }> = async (
  app,
  { db, config, now },
) => {
  // Both answer patients' details: each read is written to the access log, as every list of the dashboard is.
  app.get("/api/admin/today", async (request) => {
    const day = await doctorsDay(db, config, siteUrl(config, request), now());
    await request.recordAccess({
      action: "view",
      recordType: "appointment_list",
      recordId: "today",
      detail: "viewed the day",
    });
    return day;
  });

  app.get("/api/admin/calendar", { schema: { querystring: calendarQuerySchema } }, async (request) => {
    const calendar = await calendarOf(db, config, siteUrl(config, request), request.query, now());
    await request.recordAccess({
      action: "view",
      recordType: "appointment_list",
      recordId: "calendar",
      detail: `viewed the calendar from ${calendar.from}`,
    });
    return calendar;
  });

  app.get("/api/admin/appointments/:id/follow-up", { schema: { params: idParams } }, async (request) =>
    followUpOfConsultation(db, config, siteUrl(config, request), request.params.id, now()),
  );
};
