import type { Article } from "@shared/articles";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, errorStatus } from "@/lib/api";

/** The public articles: the list (newest first) and one by its slug. */
export const articleKeys = {
  all: ["articles"] as const,
  one: (slug: string) => ["articles", slug] as const,
};

export function publishedArticlesQuery() {
  return queryOptions({
    queryKey: articleKeys.all,
    queryFn: () => apiGet<{ articles: Article[] }>("/api/articles"),
  });
}

/** One published article; `article` is null when there is none with this slug (the page shows its 404). */
export function articleQuery(slug: string) {
  return queryOptions({
    queryKey: articleKeys.one(slug),
    queryFn: async (): Promise<{ article: Article | null }> => {
      try {
        return await apiGet<{ article: Article }>(`/api/articles/${encodeURIComponent(slug)}`);
      } catch (error) {
        if (errorStatus(error) === 404) return { article: null };
        throw error;
      }
    },
  });
}
