import type { Article } from "@shared/articles";
import { Calendar, FileText } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useContentLang, useDates, useT } from "@/lib/i18n";
import { ArticleImage } from "./article-image";

/** Keeps cards without a picture (or whose picture failed) as tall as their neighbours; purely decorative. */
function NoPicture() {
  return (
    <div
      aria-hidden="true"
      data-testid="article-no-picture"
      className="flex aspect-video w-full items-center justify-center bg-brand-50"
    >
      <FileText className="size-12 text-brand-200" />
    </div>
  );
}

export function ArticleCard({
  article,
  onReadMore,
}: {
  article: Article;
  onReadMore: (article: Article) => void;
}) {
  const titleId = `article-${article.id}-title`;
  const t = useT();
  const dates = useDates();
  // The doctor's translation speaks the page's language; her English article is marked so, and said to be English.
  const contentLang = useContentLang(article.language);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {article.imageUrl ? (
        <ArticleImage src={article.imageUrl} alt={article.title} fallback={<NoPicture />} />
      ) : (
        <NoPicture />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <Calendar className="size-4" aria-hidden="true" />
          <time dateTime={article.createdAt}>{dates.short(article.createdOn)}</time>
          {contentLang ? <span> · {t("articles.inEnglish")}</span> : null}
        </p>
        <h3
          id={titleId}
          className="mt-2 text-lg leading-snug font-semibold text-slate-900"
          lang={contentLang}
        >
          {/* The article's own page: what a reader without script, and a search engine, follows. */}
          <Link
            href={`/articles/${article.slug}`}
            className="rounded-sm underline-offset-4 hover:text-brand-800 hover:underline"
          >
            {article.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 flex-1 text-sm leading-relaxed text-slate-700" lang={contentLang}>
          {article.excerpt}
        </p>
        <Button
          variant="outline"
          className="mt-5 self-start"
          onClick={() => onReadMore(article)}
          aria-describedby={titleId}
        >
          {t("articles.readMore")}
        </Button>
      </div>
    </article>
  );
}
