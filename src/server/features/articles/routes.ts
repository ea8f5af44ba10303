import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { absoluteUrl, notFoundTitle } from "../../http/client-app";
import { HttpError } from "../../http/errors";
import * as articles from "./service";

const slugParams = z.object({ slug: z.string().min(1).max(120) });

export const articleRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get("/api/articles", async () => ({ articles: await articles.listPublished(db) }));

  app.get("/api/articles/:slug", { schema: { params: slugParams } }, async (request) => {
    const article = await articles.findPublishedBySlug(db, request.params.slug);
    if (!article) throw new HttpError(404, "Article not found");
    return { article };
  });

  // The shareable address of an article: its <head> carries the preview that WhatsApp and others show.
  app.get("/articles/:slug", { schema: { params: slugParams } }, async (request, reply) => {
    const article = await articles.findPublishedBySlug(db, request.params.slug);
    if (!article) return reply.sendPage({ title: notFoundTitle }, 404);
    return reply.sendPage({
      title: article.title,
      description: article.excerpt,
      type: "article",
      image: article.imageUrl ? absoluteUrl(config, request, article.imageUrl) : null,
    });
  });
};
