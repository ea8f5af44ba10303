import type { z } from "zod";
import type { Article, articleInputSchema } from "@shared/articles";
import { HttpError } from "../../http/errors";
import type { Db } from "../../db/client";
import { renderMarkdown } from "./markdown";
import * as repository from "./repository";
import type { ArticleRow } from "./repository";
import { slugify } from "./slug";

export function toArticle(row: ArticleRow): Article {
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
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPublished(db: Db): Promise<Article[]> {
  return (await repository.listPublishedArticles(db)).map(toArticle);
}

export async function findPublishedBySlug(db: Db, slug: string): Promise<Article | undefined> {
  const row = await repository.findPublishedArticleBySlug(db, slug);
  return row && toArticle(row);
}

/** Stores a new article with its content rendered once, at write time. */
export async function createArticle(
  db: Db,
  fields: Omit<repository.NewArticleRow, "contentHtml" | "slug"> & { slug?: string },
): Promise<ArticleRow> {
  const slug = fields.slug ?? (await uniqueSlugFor(db, fields.title));
  return repository.insertArticle(db, { ...fields, slug, contentHtml: renderMarkdown(fields.content) });
}

/** A slug for a new article that no other article has, "title", then "title-2", "title-3"... */
export async function uniqueSlugFor(db: Db, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(await repository.slugsStartingWith(db, base));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

export type ArticleInput = z.output<typeof articleInputSchema>;

function storedFields(input: ArticleInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    contentHtml: renderMarkdown(input.content),
    imageUrl: input.imageUrl ? input.imageUrl : null,
    published: input.published,
  };
}

export async function listAll(db: Db): Promise<Article[]> {
  return (await repository.listAllArticles(db)).map(toArticle);
}

export async function create(db: Db, input: ArticleInput, now: Date): Promise<Article> {
  const { contentHtml: _html, ...fields } = storedFields(input);
  return toArticle(await createArticle(db, { ...fields, createdAt: now, updatedAt: now }));
}

/** Saves changes; the slug stays, so links already shared keep working. A saved sample is the doctor's own now. */
export async function update(db: Db, id: string, input: ArticleInput, now: Date): Promise<Article> {
  const row = await repository.updateArticleRow(db, id, {
    ...storedFields(input),
    isSample: false,
    updatedAt: now,
  });
  if (!row) throw new HttpError(404, "Article not found");
  return toArticle(row);
}

export async function remove(db: Db, id: string): Promise<void> {
  if (!(await repository.deleteArticleRow(db, id))) throw new HttpError(404, "Article not found");
}

export function preview(content: string): string {
  return renderMarkdown(content);
}
