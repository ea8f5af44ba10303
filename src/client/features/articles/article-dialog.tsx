import type { Article } from "@shared/articles";
import { Link2 } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { ArticleBody, PublishedOn } from "./article-body";

interface ArticleDialogProps {
  article: Article;
  onClose: () => void;
}

/** The whole article over the home page (Read More); a lazy chunk, so the home page does not carry the dialog. */
export default function ArticleDialog({ article, onClose }: ArticleDialogProps) {
  return (
    <DialogShell
      onOpenChange={(open) => !open && onClose()}
      className="max-w-3xl p-0 sm:p-0"
      frameClassName="flex flex-col gap-5 p-6 sm:p-8"
      title={article.title}
      titleClassName="text-2xl leading-tight"
      description={<PublishedOn article={article} />}
      footerClassName="items-stretch border-t border-slate-200 pt-5 sm:items-center sm:justify-between"
      footer={
        <>
          <Button variant="link" asChild className="px-0">
            <Link href={`/articles/${article.slug}`} onClick={onClose}>
              <Link2 aria-hidden="true" />
              Share / permalink
            </Link>
          </Button>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </>
      }
    >
      <ArticleBody article={article} imageClassName="rounded-lg" className="text-slate-800" />
    </DialogShell>
  );
}
