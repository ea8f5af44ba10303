import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contactMessageSchema } from "@shared/contact";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import { receiveContactMessage } from "./service";

export const contactRateLimit = { max: 5, timeWindow: "1 hour" } as const;

export const contactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    "/api/contact",
    {
      schema: { body: contactMessageSchema },
      config: {
        rateLimit: {
          ...contactRateLimit,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              `You have sent several messages in a short time. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes, or write to us by e-mail.`,
              { "retry-after": String(Math.ceil(context.ttl / 1000)) },
            ),
        },
      },
    },
    async (request, reply) => {
      await receiveContactMessage(db, request.body);
      return reply.status(201).send({ received: true });
    },
  );
};
