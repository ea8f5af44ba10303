import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contactMessageSchema } from "@shared/contact";
import type { Db } from "../../db/client";
import { rateLimited } from "../../http/rate-limit";
import { receiveContactMessage } from "./service";

export const contactRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.post(
    "/api/contact",
    {
      schema: { body: contactMessageSchema },
      config: rateLimited(
        5,
        "1 hour",
        (wait) =>
          `You have sent several messages in a short time. Please try again in ${wait}, or write to us by e-mail.`,
      ),
    },
    async (request, reply) => {
      await receiveContactMessage(db, request.body, now());
      return reply.status(201).send({ received: true });
    },
  );
};
