import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { rateLimited } from "../../http/rate-limit";
import * as followUps from "./service";

interface FollowUpRouteOptions {
  db: Db;
  config: Config;
  now: () => Date;
}

/** The key's shape is checked by the service, which answers one 404 for anything that is not a live key. */
const keyParams = z.object({ key: z.string().max(200) });

export const followUpRoutes: FastifyPluginAsyncZod<FollowUpRouteOptions> = async (
  app,
  { db, config, now },
) => {
  app.get(
    "/api/follow-ups/:key",
    {
      schema: { params: keyParams },
      config: rateLimited(30, "1 minute", (wait) => `Too many requests. Please try again in ${wait}.`),
    },
    async (request, reply) => {
      // The answer names a patient: never kept by a shared cache.
      void reply.header("cache-control", "no-store");
      return followUps.followUpOffer(db, config, request.params.key, now());
    },
  );
};
