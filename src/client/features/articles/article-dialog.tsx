import type { Article } from "@shared/articles";
import { Link2 } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { useContentLang, useT } from "@/lib/i18n";
import { ArticleBody, PublishedOn } from "./article-body";

interface ArticleDialogProps {
  article: Article;
  onClose: () => void;
}

/** The whole article over the home page (Read More); a lazy chunk, so the home page does not carry the dialog. */
export default function ArticleDialog({ article, onClose }: ArticleDialogProps) {
  const t = useT();
  // The doctor's English article on another language's page is marked English; her translation is not.
  const contentLang = useContentLang(article.language);
  return (
    <DialogShell
      onOpenChange={(open) => !open && onClose()}
      className="max-w-3xl p-0 sm:p-0"
      frameClassName="flex flex-col gap-5 p-6 sm:p-8"
      title={<span lang={contentLang}>{article.title}</span>}
      titleClassName="text-2xl leading-tight"
      description={<PublishedOn article={article} />}
      footerClassName="items-stretch border-t border-slate-200 pt-5 sm:items-center sm:justify-between"
      footer={
        <>
          <Button variant="link" asChild className="px-0">
            <Link href={`/articles/${article.slug}`} onClick={onClose}>
              <Link2 aria-hidden="true" />
              {t("articleDialog.share")}
            </Link>
          </Button>
          <DialogClose asChild>
            <Button variant="outline">{t("articleDialog.close")}</Button>
          </DialogClose>
        </>
      }
    >
      <div lang={contentLang}>
        <ArticleBody article={article} imageClassName="rounded-lg" className="text-slate-800" />
      </div>
    </DialogShell>
  );
}
