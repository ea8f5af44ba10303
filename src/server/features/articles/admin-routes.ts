import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { articlePreviewSchema } from "@shared/admin";
import { articleInputSchema, articleTranslationSchema, TRANSLATION_LANGUAGES } from "@shared/articles";
import type { Db } from "../../db/client";
import * as articles from "./service";

const idParams = z.object({ id: z.string().uuid("Article not found") });
const translationParams = idParams.extend({
  language: z.enum(TRANSLATION_LANGUAGES, "An article can be translated into Hindi (hi) or Kannada (kn)."),
});

/** Article management. Every path is under /api/admin, so the admin guard has checked the session already. */
export const adminArticleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  timeZone: string;
  renderLimitMs: number;
}> = async (app, { db, now, timeZone, renderLimitMs }) => {
  const clock = () => ({ now: now(), timeZone, renderLimitMs });
  app.get("/api/admin/articles", async () => ({ articles: await articles.listAll(db, timeZone) }));

  app.post("/api/admin/articles", { schema: { body: articleInputSchema } }, async (request, reply) =>
    reply.status(201).send({ article: await articles.create(db, request.body, clock()) }),
  );

  app.put(
    "/api/admin/articles/:id",
    { schema: { params: idParams, body: articleInputSchema } },
    async (request) => ({
      article: await articles.update(db, request.params.id, request.body, clock()),
    }),
  );

  app.delete("/api/admin/articles/:id", { schema: { params: idParams } }, async (request, reply) => {
    await articles.remove(db, request.params.id);
    return reply.status(204).send();
  });

  app.put(
    "/api/admin/articles/:id/translations/:language",
    { schema: { params: translationParams, body: articleTranslationSchema } },
    async (request) => ({
      article: await articles.saveTranslation(
        db,
        request.params.id,
        request.params.language,
        request.body,
        clock(),
      ),
    }),
  );

  app.delete(
    "/api/admin/articles/:id/translations/:language",
    { schema: { params: translationParams } },
    async (request, reply) => {
      await articles.removeTranslation(db, request.params.id, request.params.language);
      return reply.status(204).send();
    },
  );

  app.post("/api/admin/articles/preview", { schema: { body: articlePreviewSchema } }, async (request) => ({
    html: await articles.preview(request.body.content, renderLimitMs),
  }));
};
