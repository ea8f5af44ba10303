import type { Article } from "@shared/articles";
import { Link2 } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatLongDate } from "@/lib/format";
import { ArticleImage } from "./article-image";

interface ArticleDialogProps {
  article: Article;
  onClose: () => void;
}

/** The whole article over the home page (Read More); a lazy chunk, so the home page does not carry the dialog. */
export default function ArticleDialog({ article, onClose }: ArticleDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl p-0 sm:p-0">
        <div className="flex flex-col gap-5 p-6 sm:p-8">
          <DialogHeader>
            <DialogTitle className="text-2xl leading-tight">{article.title}</DialogTitle>
            <DialogDescription>
              Published: <time dateTime={article.createdAt}>{formatLongDate(article.createdOn)}</time>
            </DialogDescription>
          </DialogHeader>
          {article.imageUrl && (
            <ArticleImage src={article.imageUrl} alt={article.title} eager className="rounded-lg" />
          )}
          {/* contentHtml is sanitized on the server when the article is saved. */}
          <div
            className="article-body text-slate-800"
            dangerouslySetInnerHTML={{ __html: article.contentHtml }}
          />
          <DialogFooter className="items-stretch border-t border-slate-200 pt-5 sm:items-center sm:justify-between">
            <Button variant="link" asChild className="px-0">
              <Link href={`/articles/${article.slug}`} onClick={onClose}>
                <Link2 aria-hidden="true" />
                Share / permalink
              </Link>
            </Button>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
