import type { Article } from "@shared/articles";
import { cn } from "@/lib/utils";
import { Message, useDates } from "@/lib/i18n";
import { ArticleImage } from "./article-image";

/** "Published: 21 November 2026", the date readable by machines too. */
export function PublishedOn({ article }: { article: Article }) {
  const dates = useDates();
  return (
    <Message
      id="article.published"
      values={{ date: dates.long(article.createdOn) }}
      components={{ 0: <time dateTime={article.createdAt} /> }}
    />
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
