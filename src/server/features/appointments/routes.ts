import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { languageChoiceSchema, rescheduleSchema } from "@shared/manage";
import type { ProfileSource } from "@shared/site-profile";
import { rateLimited } from "../../http/rate-limit";
import type { PaymentGateway } from "../../integrations/payments/gateway";
import type { ClinicCounters } from "../../core/metrics/counters";
import * as lifecycle from "./service";
import { contextPerRequest, type RouteDeps } from "../../http/request-context";
import { tokenParams } from "../../http/route-params";

interface ManageRouteOptions extends RouteDeps {
  gateway: PaymentGateway;
  profile: ProfileSource;
  counters: ClinicCounters;
}

/**
 * The parent's manage link: the booking, what the policy allows now, and the actions. The token is the only key; an
 * unknown one is a 404 with the same message whatever its shape, so the answer tells nothing about other bookings.
 */
export const manageRoutes: FastifyPluginAsyncZod<ManageRouteOptions> = async (app, options) => {
  const { gateway, profile, counters } = options;
  const limit = rateLimited(60, "1 minute", (wait) => `Too many requests. Please try again in ${wait}.`);
  const context = contextPerRequest(options, { gateway, counters, profile });

  app.get(
    "/api/manage/:token",
    { schema: { params: tokenParams }, config: limit },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return lifecycle.manageView(context(request), request.params.token);
    },
  );

  app.post("/api/manage/:token/cancel", { schema: { params: tokenParams }, config: limit }, async (request) =>
    lifecycle.cancelByParent(context(request), request.params.token),
  );

  app.post(
    "/api/manage/:token/reschedule",
    { schema: { params: tokenParams, body: rescheduleSchema }, config: limit },
    async (request) => lifecycle.rescheduleByParent(context(request), request.params.token, request.body),
  );

  app.post(
    "/api/manage/:token/language",
    { schema: { params: tokenParams, body: languageChoiceSchema }, config: limit },
    async (request) => lifecycle.chooseLanguageByParent(context(request), request.params.token, request.body),
  );

  app.get(
    "/api/manage/:token/receipt",
    { schema: { params: tokenParams }, config: limit },
    async (request, reply) => {
      const receipt = await lifecycle.receiptByToken(
        context(request),
        profile.current(),
        request.params.token,
      );
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${receipt.filename}"`)
        .header("cache-control", "no-store")
        .send(receipt.pdf);
    },
  );
};
