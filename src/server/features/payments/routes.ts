import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createOrderSchema } from "@shared/booking";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { HttpError } from "../../http/errors";
import { type PaymentGateway, WebhookSignatureError } from "../../integrations/payments/gateway";
import * as payments from "./service";

export interface PaymentRouteOptions {
  db: Db;
  config: Config;
  gateway: PaymentGateway;
  now: () => Date;
}

const orderParams = z.object({ orderId: z.string().min(3).max(45) });

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, options) => {
  const { db, config, gateway, now } = options;
  const context = (log: typeof app.log) => ({ db, config, gateway, log, now: now() });

  app.post("/api/create-order", { schema: { body: createOrderSchema } }, async (request) =>
    payments.createOrder(context(request.log), request.body.appointmentId, siteUrl(config, request)),
  );

  app.get("/api/verify-payment/:orderId", { schema: { params: orderParams } }, async (request) =>
    payments.verifyPayment(context(request.log), request.params.orderId),
  );

  // The webhook's signature covers the exact bytes sent, so this route keeps the body as raw text.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser("application/json");
    webhook.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post("/api/payments/webhook", async (request, reply) => {
      const rawBody = typeof request.body === "string" ? request.body : "";
      let event;
      try {
        event = gateway.verifyWebhook(rawBody, request.headers, now());
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new HttpError(401, `Webhook rejected: ${error.message}`);
        throw error;
      }
      const result = await payments.handleWebhook(context(request.log), event);
      request.log.info({ type: event.type, orderId: event.orderId, result }, "payment webhook");
      return reply.status(200).send({ received: true, result });
    });
  });
};
