import { and, desc, eq, inArray, like, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isForeignKeyViolation } from "../../db/errors";
import { firstRowWhere } from "../../db/rows";
import { articles, articleTranslations } from "../../db/schema";

export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;
export type ArticleTranslationRow = typeof articleTranslations.$inferSelect;

export async function listPublishedArticles(db: Db): Promise<ArticleRow[]> {
  return db.select().from(articles).where(eq(articles.published, true)).orderBy(desc(articles.createdAt));
}

export async function findPublishedArticleBySlug(db: Db, slug: string): Promise<ArticleRow | undefined> {
  return firstRowWhere(db, articles, and(eq(articles.slug, slug), eq(articles.published, true)));
}

export async function findArticle(db: Db, id: string): Promise<ArticleRow | undefined> {
  return firstRowWhere(db, articles, eq(articles.id, id));
}

export async function slugsStartingWith(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(or(eq(articles.slug, base), like(articles.slug, `${base}-%`)));
  return rows.map((row) => row.slug);
}

export async function insertArticle(db: Db, row: NewArticleRow): Promise<ArticleRow> {
  const [inserted] = await db.insert(articles).values(row).returning();
  if (!inserted) throw new Error("Article insert returned no row");
  return inserted;
}

export async function listAllArticles(db: Db): Promise<ArticleRow[]> {
  return db.select().from(articles).orderBy(desc(articles.createdAt));
}

export async function updateArticleRow(
  db: Db,
  id: string,
  changes: Partial<NewArticleRow>,
): Promise<ArticleRow | undefined> {
  const [row] = await db.update(articles).set(changes).where(eq(articles.id, id)).returning();
  return row;
}

export async function deleteArticleRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  return rows.length > 0;
}

/** The translations of the given articles (every one of them when `ids` is undefined). */
export async function translationsOf(db: Db, ids?: string[]): Promise<ArticleTranslationRow[]> {
  if (ids && ids.length === 0) return [];
  const query = db.select().from(articleTranslations);
  return ids ? query.where(inArray(articleTranslations.articleId, ids)) : query;
}

/**
 * Writes a translation, or replaces the one in that language; undefined when the article does not exist (or is
 * deleted while the translation is saved).
 */
export async function upsertTranslation(
  db: Db,
  row: typeof articleTranslations.$inferInsert,
): Promise<ArticleTranslationRow | undefined> {
  try {
    const [saved] = await db
      .insert(articleTranslations)
      .values(row)
      .onConflictDoUpdate({
        target: [articleTranslations.articleId, articleTranslations.language],
        set: {
          title: row.title,
          excerpt: row.excerpt,
          content: row.content,
          contentHtml: row.contentHtml,
          updatedAt: row.updatedAt,
        },
      })
      .returning();
    return saved;
  } catch (error) {
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
}

export async function deleteTranslation(db: Db, articleId: string, language: string): Promise<boolean> {
  const rows = await db
    .delete(articleTranslations)
    .where(and(eq(articleTranslations.articleId, articleId), eq(articleTranslations.language, language)))
    .returning({ articleId: articleTranslations.articleId });
  return rows.length > 0;
}
