import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ProfileSource } from "@shared/site-profile";
import { HttpError } from "../../http/errors";
import { InFlightLimit, releaseWhenClosed } from "../../http/in-flight";
import { rateLimited } from "../../http/rate-limit";
import { endWhenReaderStalls } from "../../http/stalled-reader";
import type { PaymentGateway } from "../../integrations/payments/gateway";
import type { RecordStore } from "../../integrations/record-store/record-store";
import type { ClinicCounters } from "../../core/metrics/counters";
import { appointmentForToken } from "../appointments/service";
import { logAccess, PARENT_LINK } from "../../core/access-log/access-log";
import { exportArchive } from "./export";
import { recordEntries } from "./record-entries";
import * as patients from "./service";
import { requestContext, type RouteDeps } from "../../http/request-context";
import type { FastifyRequest } from "fastify";
import { tokenParams } from "../../http/route-params";

const EXPORTS_BUSY_MESSAGE =
  "This booking's data is already being downloaded. Please let that download finish, then try again.";

interface DataRightsRouteOptions extends RouteDeps {
  gateway: PaymentGateway;
  store: RecordStore;
  profile: ProfileSource;
  counters: ClinicCounters;
}

/**
 * The parent's data rights, through the booking's manage link: download everything held (a ZIP), and ask for
 * erasure, which the doctor confirms.
 */
export const dataRightsRoutes: FastifyPluginAsyncZod<DataRightsRouteOptions> = async (app, options) => {
  const { db, config, gateway, store, profile, counters } = options;
  const limit = rateLimited(30, "1 minute", (wait) => `Too many requests. Please try again in ${wait}.`);
  const exportLimit = rateLimited(
    5,
    "1 minute",
    (wait) => `Too many downloads. Please try again in ${wait}.`,
  );
  const exports = new InFlightLimit(config.records.exports.perBooking, EXPORTS_BUSY_MESSAGE);
  // One moment for both services' contexts: the erasure and its log entry carry the same time.
  const context = (request: FastifyRequest) => {
    const base = requestContext(options, request, {});
    return { lifecycle: { ...base, gateway, counters }, patients: { ...base, store } };
  };

  app.get(
    "/api/manage/:token/data-rights",
    { schema: { params: tokenParams }, config: limit },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      const ctx = context(request);
      const row = await appointmentForToken(ctx.lifecycle, request.params.token);
      return patients.dataRights(ctx.patients, row);
    },
  );

  app.post(
    "/api/manage/:token/erasure",
    { schema: { params: tokenParams }, config: limit },
    async (request) => {
      const ctx = context(request);
      const row = await appointmentForToken(ctx.lifecycle, request.params.token);
      const view = await patients.requestErasure(ctx.patients, row);
      await logAccess(
        db,
        PARENT_LINK,
        { action: "change", recordType: "erasure_request", recordId: row.id, detail: "asked for erasure" },
        ctx.patients.now,
      );
      return view;
    },
  );

  app.get(
    "/api/manage/:token/export",
    // No HEAD: it would make the whole archive and throw it away, outside the cap on downloads at once.
    { schema: { params: tokenParams }, config: exportLimit, exposeHeadRoute: false },
    async (request, reply) => {
      const ctx = context(request);
      const row = await appointmentForToken(ctx.lifecycle, request.params.token);
      if (row.anonymisedAt)
        throw new HttpError(410, "This record has been erased: there is nothing left to download.");
      const ended = exports.start(row.id);
      releaseWhenClosed(reply.raw, ended);
      const shown = profile.current();
      const archive = await exportArchive(ctx.patients, shown, row, recordEntries(shown));
      try {
        await logAccess(
          db,
          PARENT_LINK,
          {
            action: "export",
            recordType: "appointment",
            recordId: row.id,
            detail: "downloaded the booking's data",
          },
          ctx.patients.now,
        );
      } catch (error) {
        // The archive holds its reports open from the start; a download that is not sent lets go of them.
        archive.stream.destroy();
        throw error;
      }
      const { stallMs } = config.records.exports;
      endWhenReaderStalls(reply.raw, archive.stream, stallMs, () =>
        request.log.info({ stallMs }, "a data export was ended: its reader took nothing for too long"),
      );
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${archive.fileName}"`)
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        .send(archive.stream);
    },
  );
};
