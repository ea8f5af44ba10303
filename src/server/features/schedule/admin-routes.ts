import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { newExceptionSchema, scheduleSettingsSchema } from "@shared/schedule-admin";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import * as schedule from "./service";

interface AdminScheduleRouteOptions {
  db: Db;
  config: Config;
  now: () => Date;
  /** Called after every change: cached public answers that show the booking window must be made again. */
  onChange?: () => void;
}

const exceptionParams = z.object({ id: z.string().uuid("Unknown leave or override") });
// Removing a date's own hours can take slots too; the ids of the appointments the doctor has seen come in the query.
const removeQuery = z.object({
  acknowledge: z
    .string()
    .max(40_000)
    .optional()
    .transform((value) => (value ? value.split(",").filter(Boolean) : []))
    .pipe(z.array(z.string().uuid("Unknown appointment"))),
});

/** The doctor's schedule editor; registered inside the admin scope, which checks the session and the origin. */
export const adminScheduleRoutes: FastifyPluginAsyncZod<AdminScheduleRouteOptions> = async (
  app,
  { db, config, now, onChange },
) => {
  app.get("/api/admin/schedule", async () => schedule.adminSchedule(db, config, now()));

  app.put("/api/admin/schedule", { schema: { body: scheduleSettingsSchema } }, async (request) => {
    const answer = await schedule.saveSettings(db, config, request.body, now());
    onChange?.();
    return answer;
  });

  app.post(
    "/api/admin/schedule/exceptions",
    { schema: { body: newExceptionSchema } },
    async (request, reply) => {
      const answer = await schedule.addException(db, config, request.body, now());
      onChange?.();
      return reply.status(201).send(answer);
    },
  );

  app.delete(
    "/api/admin/schedule/exceptions/:id",
    { schema: { params: exceptionParams, querystring: removeQuery } },
    async (request) => {
      const answer = await schedule.removeException(
        db,
        config,
        request.params.id,
        request.query.acknowledge,
        now(),
      );
      onChange?.();
      return answer;
    },
  );
};
