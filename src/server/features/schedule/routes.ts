import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isValidIsoDate } from "@shared/clinic-time";
import { isValidMonth } from "@shared/schedule";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { cachedAvailability } from "../../core/appointments/availability-cache";
import * as schedule from "./service";

interface ScheduleRouteOptions {
  db: Db;
  config: Config;
  now: () => Date;
}

const availabilityQuery = z.object({
  month: z.string().refine(isValidMonth, "The month must be written as YYYY-MM").optional(),
  date: z
    .string()
    .refine(isValidIsoDate, "The date must be a calendar date written as YYYY-MM-DD")
    .optional(),
});

/** The parent's view of the schedule: free slots of a month (the calendar) or of one date (the slot grid). */
export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleRouteOptions> = async (
  app,
  { db, config, now },
) => {
  app.get("/api/availability", { schema: { querystring: availabilityQuery } }, async (request) => {
    const { month, date } = request.query;
    const at = now();
    const second = Math.floor(at.getTime() / 1000);
    if (month !== undefined && date === undefined)
      return cachedAvailability(db, `month ${month} ${second}`, () =>
        schedule.monthAvailability(db, config, month, at),
      );
    if (date !== undefined && month === undefined)
      return cachedAvailability(db, `date ${date} ${second}`, () =>
        schedule.dayAvailability(db, config, date, at),
      );
    throw new HttpError(400, "Ask for one month (?month=YYYY-MM) or one date (?date=YYYY-MM-DD).");
  });
};
