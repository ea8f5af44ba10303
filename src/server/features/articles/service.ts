import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Article, articleInputSchema } from "@shared/articles";
import { clinicDate } from "@shared/clinic-time";
import { isUniqueViolation } from "../../db/errors";
import { HttpError } from "../../http/errors";
import type { Db } from "../../db/client";
import { publicContentChanged } from "../../db/public-content";
import { renderMarkdown } from "./markdown";
import * as repository from "./repository";
import type { ArticleRow } from "./repository";
import { slugify } from "./slug";

/**
 * The article as the APIs answer it. `createdOn` is computed here, in the clinic's zone, so that the pages show the
 * date without time-zone arithmetic in the browser (the first `Intl.DateTimeFormat` of a page costs a phone tens of
 * milliseconds of its main thread).
 */
function toArticle(row: ArticleRow, timeZone: string): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    contentHtml: row.contentHtml,
    imageUrl: row.imageUrl,
    published: row.published,
    isSample: row.isSample,
    createdAt: row.createdAt.toISOString(),
    createdOn: clinicDate(row.createdAt, timeZone),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPublished(db: Db, timeZone: string): Promise<Article[]> {
  return (await repository.listPublishedArticles(db)).map((row) => toArticle(row, timeZone));
}

export async function findPublishedBySlug(
  db: Db,
  slug: string,
  timeZone: string,
): Promise<Article | undefined> {
  const row = await repository.findPublishedArticleBySlug(db, slug);
  return row && toArticle(row, timeZone);
}

/**
 * Stores a new article with its content rendered once, at write time. Content that cannot be rendered is refused
 * (422) before anything is written.
 */
export async function createArticle(
  db: Db,
  fields: Omit<repository.NewArticleRow, "contentHtml" | "slug"> & { slug?: string },
  renderLimitMs?: number,
): Promise<ArticleRow> {
  const contentHtml = await renderMarkdown(fields.content, renderLimitMs);
  if (fields.slug) return repository.insertArticle(db, { ...fields, slug: fields.slug, contentHtml });
  for (let attempt = 1; ; attempt += 1) {
    // An article saved at the same moment can take the slug this one was given: the next try sees it, and after two
    // tries a random suffix makes a collision all but impossible.
    const slug =
      attempt <= 2
        ? await uniqueSlugFor(db, fields.title)
        : `${slugify(fields.title)}-${randomBytes(3).toString("hex")}`;
    try {
      return await repository.insertArticle(db, { ...fields, slug, contentHtml });
    } catch (error) {
      if (!isUniqueViolation(error, "articles_slug_unique")) throw error;
      if (attempt >= SLUG_ATTEMPTS)
        throw new HttpError(
          409,
          "Another article was saved with the same address at the same moment. Please save again.",
        );
    }
  }
}

const SLUG_ATTEMPTS = 5;

/** A slug for a new article that no other article has, "title", then "title-2", "title-3"... */
async function uniqueSlugFor(db: Db, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(await repository.slugsStartingWith(db, base));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

type ArticleInput = z.output<typeof articleInputSchema>;

function inputFields(input: ArticleInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    imageUrl: input.imageUrl ? input.imageUrl : null,
    published: input.published,
  };
}

export async function listAll(db: Db, timeZone: string): Promise<Article[]> {
  return (await repository.listAllArticles(db)).map((row) => toArticle(row, timeZone));
}

/** When a change is made, the clinic's zone its dates are shown in, and how long its Markdown may take to render. */
interface ArticleClock {
  now: Date;
  timeZone: string;
  renderLimitMs: number;
}

export async function create(
  db: Db,
  input: ArticleInput,
  { now, timeZone, renderLimitMs }: ArticleClock,
): Promise<Article> {
  const row = await createArticle(
    db,
    { ...inputFields(input), createdAt: now, updatedAt: now },
    renderLimitMs,
  );
  await publicContentChanged(db);
  return toArticle(row, timeZone);
}

/**
 * Saves changes; the slug stays, so links already shared keep working. A saved sample is the doctor's own now.
 * Content that cannot be rendered is refused (422) and the stored article stays as it was.
 */
export async function update(
  db: Db,
  id: string,
  input: ArticleInput,
  { now, timeZone, renderLimitMs }: ArticleClock,
): Promise<Article> {
  const contentHtml = await renderMarkdown(input.content, renderLimitMs);
  const row = await repository.updateArticleRow(db, id, {
    ...inputFields(input),
    contentHtml,
    isSample: false,
    updatedAt: now,
  });
  if (!row) throw new HttpError(404, "Article not found");
  await publicContentChanged(db);
  return toArticle(row, timeZone);
}

export async function remove(db: Db, id: string): Promise<void> {
  if (!(await repository.deleteArticleRow(db, id))) throw new HttpError(404, "Article not found");
  await publicContentChanged(db);
}

export async function preview(content: string, renderLimitMs: number): Promise<string> {
  return renderMarkdown(content, renderLimitMs);
}

/** How many of the sample articles are still published: the setup checklist asks the doctor to replace them. */
export async function publishedSampleArticles(db: Db): Promise<number> {
  return (await repository.listPublishedArticles(db)).filter((row) => row.isSample).length;
}
