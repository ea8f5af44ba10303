/**
 * The query keys of the public articles: the list (newest first) and one by its slug. The articles feature reads
 * them; the dashboard refreshes them after the doctor edits an article.
 */
export const articleKeys = {
  all: ["articles"] as const,
  one: (slug: string) => ["articles", slug] as const,
};
