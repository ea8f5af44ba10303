import type { Article } from "@shared/articles";
import { formatLongDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { ArticleImage } from "./article-image";

/** "Published: 21 November 2026", the date readable by machines too. */
export function PublishedOn({ article }: { article: Article }) {
  return (
    <>
      Published: <time dateTime={article.createdAt}>{formatLongDate(article.createdOn)}</time>
    </>
  );
}

/** The whole article under its title, in the dialog and on its own page: its picture, if any, then its text. */
export function ArticleBody({
  article,
  imageClassName,
  className,
}: {
  article: Article;
  imageClassName: string;
  /** The text's look beside the article-body styles. */
  className: string;
}) {
  return (
    <>
      {article.imageUrl && (
        <ArticleImage src={article.imageUrl} alt={article.title} eager className={imageClassName} />
      )}
      {/* contentHtml is sanitized on the server when the article is saved. */}
      <div
        className={cn("article-body", className)}
        dangerouslySetInnerHTML={{ __html: article.contentHtml }}
      />
    </>
  );
}
