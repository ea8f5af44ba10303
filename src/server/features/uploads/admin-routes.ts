import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RecordStore } from "../../integrations/record-store/record-store";
import { adminSessionRef } from "../admin-auth/service";
import { sendDownload } from "./download-reply";
import * as uploads from "./service";
import { contextPerRequest, type RouteDeps } from "../../http/request-context";
import { idParams, recordKey } from "../../http/route-params";

interface AdminUploadRouteOptions extends RouteDeps {
  store: RecordStore;
}

const uploadParams = idParams.extend({ uploadId: recordKey });
/** `view=inline`: shown in place in the consultation workspace instead of saved. */
const viewQuery = z.object({ view: z.enum(["download", "inline"]).default("download") });

/**
 * The reports parents uploaded, for the doctor. Registered inside the admin scope (session checked on every
 * request); each list and download is written to the access log. No HEAD routes: a HEAD would run the read and
 * log it without anything being read.
 */
export const adminUploadRoutes: FastifyPluginAsyncZod<AdminUploadRouteOptions> = async (app, options) => {
  const { config, store } = options;
  const context = contextPerRequest(options, { store });

  app.get(
    "/api/admin/appointments/:id/uploads",
    { schema: { params: idParams }, exposeHeadRoute: false },
    async (request) =>
      uploads.uploadsForDoctor(context(request), request.params.id, adminSessionRef(request)),
  );

  app.get(
    "/api/admin/appointments/:id/uploads/:uploadId",
    { schema: { params: uploadParams, querystring: viewQuery }, exposeHeadRoute: false },
    async (request, reply) => {
      const { id, uploadId } = request.params;
      const { view } = request.query;
      return sendDownload(
        reply,
        await uploads.downloadForDoctor(context(request), id, uploadId, adminSessionRef(request), view),
        config.records.exports.stallMs,
        view,
      );
    },
  );
};
