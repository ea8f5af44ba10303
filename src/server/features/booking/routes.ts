import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { APPOINTMENT_VIEWS } from "@shared/admin";
import { couponValidateSchema, createAppointmentSchema } from "@shared/booking";
import { isValidIsoDate } from "@shared/clinic-time";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { HttpError } from "../../http/errors";
import { requireAdmin } from "../admin-auth/service";
import * as settings from "../settings/service";
import { listAppointments, listAppointmentView } from "../../core/appointments/admin-view";
import { createBookingLimit } from "./booking-limit";
import { visitorAddress } from "../../http/proxy-trust";
import { rateLimited } from "../../http/rate-limit";
import { cachedAvailability } from "../../core/appointments/availability-cache";
import type { ClinicCounters } from "../../core/metrics/counters";
import * as booking from "./service";

interface BookingRouteOptions {
  db: Db;
  config: Config;
  now: () => Date;
  counters: ClinicCounters;
}

const appointmentsQuery = z.object({
  date: z
    .string()
    .refine(isValidIsoDate, "The date must be a calendar date written as YYYY-MM-DD")
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
  view: z.enum(APPOINTMENT_VIEWS).optional(),
});

export const bookingRoutes: FastifyPluginAsyncZod<BookingRouteOptions> = async (
  app,
  { db, config, now, counters },
) => {
  app.get("/api/config", async () => booking.publicConfig(db, config, now()));

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
    async (request) => settings.quoteCoupon(db, config, request.body.code, now()),
  );

  // With a date: which slots are taken (public, no patient data). Without: the admin's list, which needs a session,
  // checked before the query is validated, so that nobody without one learns anything from a validation message.
  app.get(
    "/api/appointments",
    {
      schema: { querystring: appointmentsQuery },
      preValidation: async (request) => {
        if ((request.query as { date?: unknown }).date === undefined) await requireAdmin(request);
      },
    },
    async (request) => {
      const { date, limit, cursor, view } = request.query;
      if (date !== undefined) {
        const at = now();
        return cachedAvailability(db, `slots ${date} ${Math.floor(at.getTime() / 1000)}`, () =>
          booking.availability(db, config, date, at),
        );
      }
      const at = now();
      const list =
        view !== undefined
          ? await listAppointmentView(db, config, siteUrl(config, request), view, { limit, cursor, now: at })
          : await listAppointments(
              db,
              siteUrl(config, request),
              { now: at, timeZone: config.booking.timeZone },
              limit,
              cursor,
            );
      await request.recordAccess({
        action: "view",
        recordType: "appointment_list",
        recordId: view ?? "all",
        detail: "listed appointments",
      });
      return list;
    },
  );

  // Each booking holds a slot for the payment time; a limit per address stops one visitor holding the whole week.
  // It counts bookings made; a looser limit on every request keeps floods of invalid ones away as well.
  const bookingLimit = createBookingLimit(config.booking.bookingsPerHourPerAddress, 60 * 60_000);
  const floodLimit = rateLimited(
    Math.max(60, config.booking.bookingsPerHourPerAddress * 3),
    "1 minute",
    (wait) => `Too many requests from this address. Please try again in ${wait}.`,
  );
  app.post(
    "/api/appointments",
    { schema: { body: createAppointmentSchema }, config: floodLimit },
    async (request, reply) => {
      const taken = bookingLimit.reserve(visitorAddress(request), now().getTime());
      if (taken.waitSeconds > 0) {
        const minutes = Math.max(1, Math.ceil(taken.waitSeconds / 60));
        throw new HttpError(
          429,
          `Too many bookings were started from this address. Please try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}, or contact us by e-mail.`,
          { "retry-after": String(taken.waitSeconds) },
        );
      }
      try {
        const appointment = await booking.createAppointment(db, config, request.body, now(), counters);
        return await reply.status(201).send({ appointment });
      } catch (error) {
        // A booking refused (a taken slot, a date outside the schedule) does not count against the address.
        taken.release();
        throw error;
      }
    },
  );
};
