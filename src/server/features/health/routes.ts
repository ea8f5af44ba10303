import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get("/api/health", async (_request, reply) => {
    const databaseUp = await database.ping();
    return reply
      .status(databaseUp ? 200 : 503)
      .header("cache-control", "no-store")
      .send({
        status: databaseUp ? "ok" : "unavailable",
        database: { engine: database.engine, up: databaseUp },
      });
  });
};
