import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calendarQuerySchema, runningLateSchema } from "@shared/console";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { idParams } from "../../http/route-params";
import { countOf } from "../../core/access-log/access-log";
import { calendarOf, doctorsDay, followUpOfConsultation, tellParentsRunningLate } from "./service";

/** The console's Today and Calendar pages. The admin scope has already checked the session and the origin. */
export const consoleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  now: () => Date;
  /** Runs the outbox now, so the parents hear that she is running late in seconds, not at the next poll. */
  nudge: () => void;
}> = async (app, { db, config, now, nudge }) => {
  /**
   * Today and the calendar answer patients' details: each look is written to the access log as a view of the list
   * of appointments, as every list of the dashboard is.
   */
  const viewedList = (request: FastifyRequest, list: "today" | "calendar", detail: string) =>
    request.recordAccess({
      action: "view",
      recordType: "appointment_list",
      recordId: list,
      detail,
    });

  app.get("/api/admin/today", async (request) => {
    const day = await doctorsDay(db, config, siteUrl(config, request), now());
    await viewedList(request, "today", "viewed the day");
    return day;
  });

  app.get("/api/admin/calendar", { schema: { querystring: calendarQuerySchema } }, async (request) => {
    const calendar = await calendarOf(db, config, siteUrl(config, request), request.query, now());
    await viewedList(request, "calendar", `viewed the calendar from ${calendar.from}`);
    return calendar;
  });

  app.get("/api/admin/appointments/:id/follow-up", { schema: { params: idParams } }, async (request) => {
    const answer = await followUpOfConsultation(
      db,
      config,
      siteUrl(config, request),
      request.params.id,
      now(),
    );
    // The answer carries the follow-up's booking link for this patient: a read of the appointment, logged as one.
    await request.recordAccess({
      action: "view",
      recordType: "appointment",
      recordId: request.params.id,
      detail: "looked at the follow-up offer",
    });
    return answer;
  });

  app.post("/api/admin/running-late", { schema: { body: runningLateSchema } }, async (request) => {
    const result = await tellParentsRunningLate(db, config, request.body.minutes, now());
    // Messages to parents about their bookings: a change written to the access log, as asking parents is.
    if (result.notified > 0) {
      await request.recordAccess({
        action: "change",
        recordType: "appointment_list",
        recordId: "today",
        detail: `told ${countOf(result.notified, "parent")} the doctor is running about ${result.minutes} minutes late`,
      });
      nudge();
    }
    return result;
  });
};
