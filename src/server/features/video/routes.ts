import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ProfileSource } from "@shared/site-profile";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { rateLimited } from "../../http/rate-limit";
import { createVideoService } from "../../integrations/video/video-service";
import { lookUpRoom, presenceBeat, roomInvite } from "./service";

interface VideoRouteOptions {
  db: Db;
  config: Config;
  now: () => Date;
  /** The doctor's name (the name the doctor joins under) and contact details. */
  profile: ProfileSource;
}

// The id is checked by the service, so that a malformed id gets the same 404 as an unknown one (not a 400).
const params = z.object({ roomId: z.string().max(200) });
const query = z.object({ key: z.string().max(200).optional() });
/** The page is open (or, `leaving`, being closed); the doctor's page sends its host key. */
const presenceBody = z.strictObject({
  key: z.string().max(200).optional(),
  leaving: z.boolean().default(false),
});

export const videoRoutes: FastifyPluginAsyncZod<VideoRouteOptions> = async (
  app,
  { db, config, now, profile },
) => {
  const video = createVideoService(config.video);
  const deps = { db, config, video, now, profile };

  // Room ids cannot be guessed (128 bits); the limit keeps a misbehaving client from hammering the database.
  const limit = rateLimited(
    30,
    "1 minute",
    (wait) => `Too many requests for video rooms. Please try again in ${wait}.`,
  );
  app.get(
    "/api/video-room/:roomId",
    {
      schema: { params, querystring: query },
      config: limit,
    },
    async (request, reply) => {
      // The answer carries a join token and the patient's details: no browser or proxy may keep a copy.
      reply.header("cache-control", "no-store");
      return lookUpRoom(deps, request.params.roomId, request.query.key);
    },
  );

  app.get(
    "/api/video-room/:roomId/invite.ics",
    { schema: { params, querystring: query }, config: limit },
    async (request, reply) => {
      const invite = await roomInvite(deps, request.params.roomId, request.query.key);
      // The invite names the patient: no shared cache may keep it.
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="${invite.filename}"`)
        .type("text/calendar; charset=utf-8")
        .send(invite.content);
    },
  );

  // An open page beats at most twelve times a minute (while it waits for the other side); the limit leaves room for
  // the other side's page on the same network, reloads and a second tab, and no more.
  app.post(
    "/api/video-room/:roomId/presence",
    {
      schema: { params, body: presenceBody },
      config: rateLimited(60, "1 minute", (wait) => `Too many requests. Please try again in ${wait}.`),
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return presenceBeat(deps, request.params.roomId, request.body);
    },
  );
};
