import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGES } from "@shared/i18n/languages";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";
import * as articles from "./service";

const slugParams = z.object({ slug: z.string() });
/** The language to answer in: an article the doctor has translated into it comes in it, the others in English. */
const languageQuery = z.object({ language: z.enum(LANGUAGES).optional().catch(undefined) });

/** The public reads of articles. Their pages (/articles/{slug}) are in features/site/pages.ts. */
export const articleRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  const { timeZone } = config.booking;
  app.get("/api/articles", { schema: { querystring: languageQuery } }, async (request) => ({
    articles: await articles.listPublished(db, timeZone, request.query.language),
  }));

  app.get(
    "/api/articles/:slug",
    { schema: { params: slugParams, querystring: languageQuery } },
    async (request) => {
      const { slug } = request.params;
      // An empty slug (/api/articles/) names no article: the same 404 as an unknown one, not a schema's message.
      // (Fastify answers a slug over 100 characters with 414 before this route.)
      const article = slug
        ? await articles.findPublishedBySlug(db, slug, timeZone, request.query.language)
        : undefined;
      if (!article) throw new HttpError(404, "Article not found");
      return { article };
    },
  );
};
