import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createOrderSchema } from "@shared/booking";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { siteUrl } from "../../http/client-app";
import { HttpError } from "../../http/errors";
import { rateLimited } from "../../http/rate-limit";
import { type PaymentGateway, WebhookSignatureError } from "../../integrations/payments/gateway";
import type { ClinicCounters, VerificationOutcome } from "../../core/metrics/counters";
import * as payments from "./service";

interface PaymentRouteOptions {
  db: Db;
  config: Config;
  gateway: PaymentGateway;
  now: () => Date;
  counters: ClinicCounters;
}

/** Why a payment check answered no outcome: an unknown order, or a gateway that could not be asked. */
function verificationFailure(error: unknown): VerificationOutcome {
  if (!(error instanceof HttpError)) return "error";
  if (error.statusCode === 404) return "not_found";
  return error.statusCode === 502 ? "gateway_error" : "error";
}

const orderParams = z.object({ orderId: z.string().min(3).max(45) });

/**
 * Both calls reach the payment gateway (create-order once per appointment, or again after a refusal; verify-payment
 * twice per call), so one address must not be able to spend the clinic's gateway quota. A parent creates one order
 * per booking, and the result page asks verify-payment once per visit plus at most 3 retries on an error.
 */
export const CREATE_ORDER_LIMIT = { max: 30, timeWindow: "10 minutes" } as const;
export const VERIFY_PAYMENT_LIMIT = { max: 20, timeWindow: "1 minute" } as const;

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, options) => {
  const { db, config, gateway, now, counters } = options;
  const context = (log: typeof app.log) => ({ db, config, gateway, log, now: now(), counters });

  app.post(
    "/api/create-order",
    {
      schema: { body: createOrderSchema },
      config: rateLimited(
        CREATE_ORDER_LIMIT.max,
        CREATE_ORDER_LIMIT.timeWindow,
        (wait) => `Too many checkouts were started from this address. Please try again in ${wait}.`,
      ),
    },
    async (request) =>
      payments.createOrder(context(request.log), request.body.appointmentId, siteUrl(config, request)),
  );

  app.get(
    "/api/verify-payment/:orderId",
    {
      schema: { params: orderParams },
      config: rateLimited(
        VERIFY_PAYMENT_LIMIT.max,
        VERIFY_PAYMENT_LIMIT.timeWindow,
        (wait) => `Too many payment checks from this address. Please try again in ${wait}.`,
      ),
    },
    async (request) => {
      try {
        const verification = await payments.verifyPayment(context(request.log), request.params.orderId);
        counters.paymentVerification(verification.outcome);
        return verification;
      } catch (error) {
        counters.paymentVerification(verificationFailure(error));
        throw error;
      }
    },
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
        counters.paymentWebhook(error instanceof WebhookSignatureError ? "rejected" : "error");
        if (error instanceof WebhookSignatureError)
          throw new HttpError(401, `Webhook rejected: ${error.message}`);
        throw error;
      }
      const result = await payments.handleWebhook(context(request.log), event).catch((error: unknown) => {
        counters.paymentWebhook("error");
        throw error;
      });
      counters.paymentWebhook(result);
      request.log.info({ type: event.type, orderId: event.orderId, result }, "payment webhook");
      return reply.status(200).send({ received: true, result });
    });
  });
};
