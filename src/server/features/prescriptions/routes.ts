import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ProfileSource } from "@shared/site-profile";
import { rateLimited } from "../../http/rate-limit";
import type { RouteDeps } from "../../http/request-context";
import { recordKey, tokenParams } from "../../http/route-params";
import { logAccess, PARENT_LINK } from "../../core/access-log/access-log";
import { sendPdf } from "./admin-routes";
import * as service from "./service";

interface ParentPrescriptionRouteOptions extends RouteDeps {
  profile: ProfileSource;
}

const pdfParams = tokenParams.extend({ prescriptionId: recordKey });

/**
 * The parent's prescriptions behind the manage link: the list and each version's PDF. The token is the only key; a
 * prescription of another booking is a 404 like an unknown one. Downloads are written to the access log.
 */
export const parentPrescriptionRoutes: FastifyPluginAsyncZod<ParentPrescriptionRouteOptions> = async (
  app,
  { db, config, profile, now },
) => {
  const limit = rateLimited(60, "1 minute", (wait) => `Too many requests. Please try again in ${wait}.`);

  app.get(
    "/api/manage/:token/prescriptions",
    { schema: { params: tokenParams }, config: limit },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return service.prescriptionsForParent(db, request.params.token);
    },
  );

  app.get(
    "/api/manage/:token/prescriptions/:prescriptionId/pdf",
    { schema: { params: pdfParams }, config: limit },
    async (request, reply) => {
      const ctx: service.PrescriptionContext = { db, config, profile: profile.current(), now: now() };
      const file = await service.prescriptionPdfForParent(
        ctx,
        request.params.token,
        request.params.prescriptionId,
      );
      await logAccess(
        db,
        PARENT_LINK,
        {
          action: "download",
          recordType: "prescription",
          recordId: file.prescription.id,
          detail: `downloaded version ${file.prescription.version}`,
        },
        ctx.now,
      );
      return sendPdf(reply, file);
    },
  );
};
