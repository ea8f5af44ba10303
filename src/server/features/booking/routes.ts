import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { couponValidateSchema, createAppointmentSchema } from "@shared/booking";
import { isValidIsoDate } from "@shared/clinic-time";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { requireAdmin } from "../admin-auth/guard";
import { listAppointments } from "./admin-list";
import { rateLimited } from "../../http/rate-limit";
import * as booking from "./service";

export interface BookingRouteOptions {
  db: Db;
  config: Config;
  now: () => Date;
}

const appointmentsQuery = z.object({
  date: z
    .string()
    .refine(isValidIsoDate, "The date must be a calendar date written as YYYY-MM-DD")
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const bookingRoutes: FastifyPluginAsyncZod<BookingRouteOptions> = async (app, { db, config, now }) => {
  app.get("/api/config", async () => booking.publicConfig(config, now()));

  app.post(
    "/api/coupons/validate",
    {
      schema: { body: couponValidateSchema },
      config: rateLimited(
        10,
        "1 minute",
        (wait) => `Too many coupon codes tried. Please try again in ${wait}.`,
      ),
    },
    async (request) => booking.validateCoupon(config, request.body.code),
  );

  // With a date: which slots are taken (public, no patient data). Without: the admin's list, which needs a session.
  app.get("/api/appointments", { schema: { querystring: appointmentsQuery } }, async (request) => {
    const { date, limit, cursor } = request.query;
    if (date !== undefined) return booking.availability(db, config, date, now());
    await requireAdmin(request);
    return listAppointments(db, siteUrl(config, request), limit, cursor);
  });

  // Each booking holds a slot for the payment time; a limit per address stops one visitor holding the whole week.
  const bookingLimit = rateLimited(
    config.booking.bookingsPerHourPerAddress,
    "1 hour",
    (wait) =>
      `Too many bookings were started from this address. Please try again in ${wait}, or contact us by e-mail.`,
  );
  app.post(
    "/api/appointments",
    { schema: { body: createAppointmentSchema }, config: bookingLimit },
    async (request, reply) => {
      const appointment = await booking.createAppointment(db, config, request.body, now());
      return reply.status(201).send({ appointment });
    },
  );
};
