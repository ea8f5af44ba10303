import type { Article } from "@shared/articles";
import { DEFAULT_LANGUAGE, type Language } from "@shared/i18n/languages";
import { apiGet, errorStatus } from "@/lib/api";
import { articleKeys } from "@/lib/article-keys";
import type { ReadSource } from "@/lib/page-reads";

/**
 * A read in the page's language ("?language=kn": each article the doctor has translated comes in it). The keys do
 * not name the language: a page is in one language for as long as it is open (the switcher loads the other
 * language's page). Read with usePageRead (lib/page-reads.tsx), not Query: these are public pages' reads.
 */
const inLanguage = (path: string, language: Language) =>
  language === DEFAULT_LANGUAGE ? path : `${path}?language=${language}`;

export function publishedArticlesRead(language: Language = DEFAULT_LANGUAGE) {
  return {
    key: articleKeys.all,
    fetch: () => apiGet<{ articles: Article[] }>(inLanguage("/api/articles", language)),
  } satisfies ReadSource<{ articles: Article[] }>;
}

/** One published article; `article` is null when there is none with this slug (the page shows its 404). */
export function articleRead(slug: string, language: Language = DEFAULT_LANGUAGE) {
  return {
    key: articleKeys.one(slug),
    fetch: async (): Promise<{ article: Article | null }> => {
      try {
        return await apiGet<{ article: Article }>(
          inLanguage(`/api/articles/${encodeURIComponent(slug)}`, language),
        );
      } catch (error) {
        if (errorStatus(error) === 404) return { article: null };
        throw error;
      }
    },
  } satisfies ReadSource<{ article: Article | null }>;
}

/** The address the page was served for, when the server answered it with the article-not-found page. */
let articleNotFoundAt: string | undefined;

/** Called at start with the page data: the page in hand says no published article is at this address. */
export function noteArticleNotFoundAt(path: string): void {
  articleNotFoundAt = path;
}

/**
 * What the page in hand already answers for the article at the browser's address: none, when it is the
 * article-not-found page (which names no slug, being one page for every unknown address); else nothing yet.
 */
export function articleAnsweredByPage(): { article: null } | undefined {
  if (typeof window === "undefined" || articleNotFoundAt !== window.location.pathname) return undefined;
  return { article: null };
}
