import type { Article } from "@shared/articles";
import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { DialogClose } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { toast } from "@/lib/use-toast";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { articleKeys } from "@/lib/article-keys";
import { adminKeys, deleteArticle } from "./api";

interface DeleteArticleDialogProps {
  article: Article;
  onClose: () => void;
}

/** The delete confirmation: an alert dialog whose first focus is the safe choice, Cancel. */
export function DeleteArticleDialog({ article, onClose }: DeleteArticleDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: () => deleteArticle(article.id),
    onSuccess: async () => {
      toast({ title: "Article Deleted", description: "The article has been deleted successfully." });
      onClose();
      await Promise.all(
        [adminKeys.articles, articleKeys.all, adminKeys.stats].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => showErrorToast(error, "article_delete", { retry: () => remove.mutate() }),
  });

  return (
    <DialogShell
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      safeRef={cancelRef}
      className="max-w-md"
      title="Are you sure?"
      description="This action cannot be undone. This will permanently delete the article from the system."
      footer={
        <>
          <DialogClose asChild>
            <Button ref={cancelRef} variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </>
      }
    >
      <p className="rounded-md bg-slate-50 p-3 text-sm font-medium break-words text-slate-800">
        {article.title}
      </p>
    </DialogShell>
  );
}
