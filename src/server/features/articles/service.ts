import { randomBytes } from "node:crypto";
import type { z } from "zod";
import {
  type AdminArticle,
  type Article,
  type articleInputSchema,
  type ArticleTranslationInput,
  TRANSLATION_LANGUAGES,
  type TranslationLanguage,
} from "@shared/articles";
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from "@shared/i18n/languages";
import { clinicDate } from "@shared/clinic-time";
import { isUniqueViolation } from "../../db/errors";
import { HttpError } from "../../http/errors";
import type { Db } from "../../db/client";
import { publicContentChanged } from "../../db/public-content";
import { renderMarkdown } from "./markdown";
import * as repository from "./repository";
import type { ArticleRow, ArticleTranslationRow } from "./repository";
import { slugify } from "./slug";

/**
 * The article as the APIs answer it, in `language` when the doctor has translated it, else in English. `createdOn` is
 * computed here, in the clinic's zone, so that the pages show the date without time-zone arithmetic in the browser
 * (the first `Intl.DateTimeFormat` of a page costs a phone tens of milliseconds of its main thread).
 */
function toArticle(
  row: ArticleRow,
  timeZone: string,
  translations: ArticleTranslationRow[] = [],
  language: Language = DEFAULT_LANGUAGE,
): Article {
  const own = translations.filter((translation) => translation.articleId === row.id);
  const shown = own.find((translation) => translation.language === language);
  const languages = LANGUAGES.filter(
    (candidate) =>
      candidate === DEFAULT_LANGUAGE || own.some((translation) => translation.language === candidate),
  );
  return {
    id: row.id,
    slug: row.slug,
    language: shown ? language : DEFAULT_LANGUAGE,
    languages,
    title: shown?.title ?? row.title,
    excerpt: shown?.excerpt ?? row.excerpt,
    content: shown?.content ?? row.content,
    contentHtml: shown?.contentHtml ?? row.contentHtml,
    imageUrl: row.imageUrl,
    published: row.published,
    isSample: row.isSample,
    createdAt: row.createdAt.toISOString(),
    createdOn: clinicDate(row.createdAt, timeZone),
    updatedAt: (shown?.updatedAt ?? row.updatedAt).toISOString(),
  };
}

/** The article for the doctor: in English, with each of her translations as she wrote it. */
function toAdminArticle(
  row: ArticleRow,
  timeZone: string,
  translations: ArticleTranslationRow[],
): AdminArticle {
  const byLanguage: AdminArticle["translations"] = {};
  for (const translation of translations) {
    if (translation.articleId !== row.id || !isTranslationLanguage(translation.language)) continue;
    byLanguage[translation.language] = {
      title: translation.title,
      excerpt: translation.excerpt,
      content: translation.content,
      updatedAt: translation.updatedAt.toISOString(),
    };
  }
  return { ...toArticle(row, timeZone, translations), translations: byLanguage };
}

function isTranslationLanguage(value: string): value is TranslationLanguage {
  return (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
}

/** The published articles, newest first, each in `language` where the doctor has translated it. */
export async function listPublished(
  db: Db,
  timeZone: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Article[]> {
  const rows = await repository.listPublishedArticles(db);
  const translations = await repository.translationsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toArticle(row, timeZone, translations, language));
}

export async function findPublishedBySlug(
  db: Db,
  slug: string,
  timeZone: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Article | undefined> {
  const row = await repository.findPublishedArticleBySlug(db, slug);
  if (!row) return undefined;
  return toArticle(row, timeZone, await repository.translationsOf(db, [row.id]), language);
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

export async function listAll(db: Db, timeZone: string): Promise<AdminArticle[]> {
  const rows = await repository.listAllArticles(db);
  const translations = await repository.translationsOf(db);
  return rows.map((row) => toAdminArticle(row, timeZone, translations));
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
): Promise<AdminArticle> {
  const row = await createArticle(
    db,
    { ...inputFields(input), createdAt: now, updatedAt: now },
    renderLimitMs,
  );
  await publicContentChanged(db);
  return toAdminArticle(row, timeZone, []);
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
): Promise<AdminArticle> {
  const contentHtml = await renderMarkdown(input.content, renderLimitMs);
  const row = await repository.updateArticleRow(db, id, {
    ...inputFields(input),
    contentHtml,
    isSample: false,
    updatedAt: now,
  });
  if (!row) throw new HttpError(404, "Article not found");
  await publicContentChanged(db);
  return toAdminArticle(row, timeZone, await repository.translationsOf(db, [id]));
}

/**
 * Saves the doctor's translation of an article into one language (a new one, or changes to it). Content that cannot
 * be rendered is refused (422) and nothing is written.
 */
export async function saveTranslation(
  db: Db,
  id: string,
  language: TranslationLanguage,
  input: ArticleTranslationInput,
  { now, timeZone, renderLimitMs }: ArticleClock,
): Promise<AdminArticle> {
  const contentHtml = await renderMarkdown(input.content, renderLimitMs);
  const saved = await repository.upsertTranslation(db, {
    articleId: id,
    language,
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    contentHtml,
    updatedAt: now,
  });
  const row = saved && (await repository.findArticle(db, id));
  if (!row) throw new HttpError(404, "Article not found");
  await publicContentChanged(db);
  return toAdminArticle(row, timeZone, await repository.translationsOf(db, [id]));
}

/** Takes a translation away: the article's page in that language shows the English article again. */
export async function removeTranslation(db: Db, id: string, language: TranslationLanguage): Promise<void> {
  if (!(await repository.deleteTranslation(db, id, language)))
    throw new HttpError(404, "This article has no translation in that language.");
  await publicContentChanged(db);
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
