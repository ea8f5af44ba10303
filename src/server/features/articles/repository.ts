import { and, desc, eq, like, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { firstRowWhere } from "../../db/rows";
import { articles } from "../../db/schema";

export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;

export async function listPublishedArticles(db: Db): Promise<ArticleRow[]> {
  return db.select().from(articles).where(eq(articles.published, true)).orderBy(desc(articles.createdAt));
}

export async function findPublishedArticleBySlug(db: Db, slug: string): Promise<ArticleRow | undefined> {
  return firstRowWhere(db, articles, and(eq(articles.slug, slug), eq(articles.published, true)));
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
