import type { Article } from "@shared/articles";
import { lazy, Suspense, useState } from "react";
import { HomeSection } from "@/components/layout/home-section";
import { Skeleton, SkeletonStatus } from "@/components/ui/skeleton";
import { useLanguage, useT } from "@/lib/i18n";
import { usePageRead } from "@/lib/page-reads";
import { publishedArticlesRead } from "./api";
import { ArticleCard } from "./article-card";

const ArticleDialog = lazy(() => import("./article-dialog"));

/** The published articles, newest first, as cards; Read More opens the whole article in a dialog. */
export function ArticlesSection() {
  const [openArticle, setOpenArticle] = useState<Article | null>(null);
  const t = useT();
  return (
    <HomeSection
      id="articles"
      tinted
      eyebrow={t("articles.eyebrow")}
      title={t("articles.title")}
      intro={t("articles.intro")}
      after={
        openArticle && (
          <Suspense fallback={null}>
            <ArticleDialog article={openArticle} onClose={() => setOpenArticle(null)} />
          </Suspense>
        )
      }
    >
      <ArticlesGrid onReadMore={setOpenArticle} />
    </HomeSection>
  );
}

function ArticlesGrid({ onReadMore }: { onReadMore: (article: Article) => void }) {
  const read = usePageRead(publishedArticlesRead(useLanguage()));
  const t = useT();

  if (read.status === "pending") return <ArticleSkeletons />;
  if (read.status === "error") {
    return (
      <p role="status" className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
        {t("articles.loadFailed")}
      </p>
    );
  }
  const { articles } = read.data;
  if (articles.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
        {t("articles.none")}
      </p>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {articles.map((article) => (
        <li key={article.id}>
          <ArticleCard article={article} onReadMore={onReadMore} />
        </li>
      ))}
    </ul>
  );
}

function ArticleSkeletons() {
  const t = useT();
  return (
    <SkeletonStatus label={t("articles.loading")} shapesClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((key) => (
        <div key={key} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="flex flex-col gap-3 p-6">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="mt-2 h-10 w-28" />
          </div>
        </div>
      ))}
    </SkeletonStatus>
  );
}
