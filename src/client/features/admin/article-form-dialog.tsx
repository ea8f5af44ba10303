import { zodResolver } from "@hookform/resolvers/zod";
import type { ArticlePreview } from "@shared/admin";
import { type Article, articleInputSchema } from "@shared/articles";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
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
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { cn } from "@/lib/utils";
import { fieldIssues } from "./api-errors";
import { ADMIN_ARTICLES_KEY, noteSessionEnded, PUBLIC_ARTICLES_KEY, STATS_KEY } from "./admin-session";

type ArticleFormInput = z.input<typeof articleInputSchema>;
type ArticleFormOutput = z.output<typeof articleInputSchema>;
type FieldName = "title" | "excerpt" | "content" | "imageUrl" | "published";
const FIELD_NAMES: readonly FieldName[] = ["title", "excerpt", "content", "imageUrl", "published"];

interface ArticleFormDialogProps {
  /** The article to edit, or null for a new one. */
  article: Article | null;
  onClose: () => void;
}

/** The article form (spec sections 2, 4 and 5): creates a new article or updates the one given. */
export function ArticleFormDialog({ article, onClose }: ArticleFormDialogProps) {
  const isEdit = article !== null;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ArticleFormInput, unknown, ArticleFormOutput>({
    resolver: zodResolver(articleInputSchema),
    defaultValues: {
      title: article?.title ?? "",
      excerpt: article?.excerpt ?? "",
      content: article?.content ?? "",
      imageUrl: article?.imageUrl ?? "",
      published: article?.published ?? true,
    },
  });

  const save = useMutation({
    mutationFn: async (values: ArticleFormOutput) => {
      const payload = { ...values, imageUrl: values.imageUrl ?? "" };
      const response = isEdit
        ? await apiRequest("PUT", `/api/admin/articles/${encodeURIComponent(article.id)}`, payload)
        : await apiRequest("POST", "/api/admin/articles", payload);
      return (await response.json()) as { article: Article };
    },
    onSuccess: async () => {
      toast({
        title: isEdit ? "Article Updated" : "Article Created",
        description: "The article has been saved successfully.",
      });
      onClose();
      await Promise.all(
        [ADMIN_ARTICLES_KEY, PUBLIC_ARTICLES_KEY, STATS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => {
      // The server checks with the same schema; its field messages go under the fields as well.
      for (const [field, message] of Object.entries(fieldIssues(error))) {
        if ((FIELD_NAMES as readonly string[]).includes(field)) {
          setError(field as FieldName, { type: "server", message });
        }
      }
      showErrorToast(error, isEdit ? "article_update" : "article_create");
      noteSessionEnded(error);
    },
  });

  const content = useWatch({ control, name: "content" }) ?? "";

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent
        className="max-w-2xl"
        // A stray click beside a long form must not throw the writing away; Cancel and Escape still close it.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{isEdit ? "Edit Article" : "Add New Article"}</DialogTitle>
          <DialogDescription>
            {isEdit
              ? "Change the article and save. Published articles update on the site at once."
              : "Write the article in Markdown. Drafts stay visible only here until published."}
          </DialogDescription>
        </DialogHeader>

        <form
          noValidate
          aria-label={isEdit ? "Edit article" : "New article"}
          onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
          className="flex flex-col gap-4"
        >
          <FormField id="article-title" label="Title" error={errors.title?.message}>
            <Input
              id="article-title"
              maxLength={200}
              aria-required
              {...fieldAria("article-title", errors.title?.message)}
              {...register("title")}
            />
          </FormField>

          <FormField id="article-excerpt" label="Excerpt" error={errors.excerpt?.message}>
            <Textarea
              id="article-excerpt"
              rows={2}
              maxLength={500}
              aria-required
              {...fieldAria("article-excerpt", errors.excerpt?.message)}
              {...register("excerpt")}
            />
          </FormField>

          <ContentField content={content} error={errors.content?.message}>
            <Textarea
              id="article-content"
              rows={8}
              aria-required
              className="font-mono text-sm sm:text-sm"
              {...fieldAria("article-content", errors.content?.message, "article-content-hint")}
              {...register("content")}
            />
          </ContentField>

          <FormField
            id="article-image"
            label="Image URL (optional)"
            hint="An https:// address of a picture shown above the article."
            error={errors.imageUrl?.message}
          >
            <Input
              id="article-image"
              type="url"
              inputMode="url"
              placeholder="https://"
              {...fieldAria("article-image", errors.imageUrl?.message, "article-image-hint")}
              {...register("imageUrl")}
            />
          </FormField>

          <div className="flex items-start gap-3">
            <input
              id="article-published"
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              aria-describedby="article-published-hint"
              {...register("published")}
            />
            <div className="flex flex-col gap-0.5">
              <Label htmlFor="article-published">Published</Label>
              <p id="article-published-hint" className="text-xs text-slate-600">
                Unticked, the article is a draft: saved, but not shown on the site.
              </p>
            </div>
          </div>

          <DialogFooter className="border-t border-slate-200 pt-4">
            <DialogClose asChild>
              <Button variant="outline" disabled={save.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Article"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function fieldAria(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

interface FormFieldProps {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: ReactNode;
}

function FormField({ id, label, hint, error, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

type ContentTab = "write" | "preview";

/** Content: the Markdown textarea, and a Preview tab that shows it exactly as visitors will see it. */
function ContentField({
  content,
  error,
  children,
}: {
  content: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const [tab, setTab] = useState<ContentTab>("write");
  const writeTab = useRef<HTMLButtonElement>(null);
  const previewTab = useRef<HTMLButtonElement>(null);

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next: ContentTab =
      event.key === "Home"
        ? "write"
        : event.key === "End"
          ? "preview"
          : tab === "write"
            ? "preview"
            : "write";
    setTab(next);
    (next === "write" ? writeTab : previewTab).current?.focus();
  };

  const tabClass = (active: boolean) =>
    cn(
      "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
      active ? "bg-white text-brand-800 shadow-sm" : "text-slate-700 hover:text-slate-900",
    );

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor="article-content">Content</Label>
        <div role="tablist" aria-label="Editor mode" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <button
            ref={writeTab}
            type="button"
            role="tab"
            id="article-content-write-tab"
            aria-selected={tab === "write"}
            aria-controls="article-content-write"
            tabIndex={tab === "write" ? 0 : -1}
            onKeyDown={onTabKeyDown}
            onClick={() => setTab("write")}
            className={tabClass(tab === "write")}
          >
            Write
          </button>
          <button
            ref={previewTab}
            type="button"
            role="tab"
            id="article-content-preview-tab"
            aria-selected={tab === "preview"}
            aria-controls="article-content-preview"
            tabIndex={tab === "preview" ? 0 : -1}
            onKeyDown={onTabKeyDown}
            onClick={() => setTab("preview")}
            className={tabClass(tab === "preview")}
          >
            Preview
          </button>
        </div>
      </div>
      {/* The textarea stays mounted while previewing, so nothing typed is lost. */}
      <div
        role="tabpanel"
        id="article-content-write"
        aria-labelledby="article-content-write-tab"
        hidden={tab !== "write"}
        className="flex flex-col gap-1.5"
      >
        {children}
        <p id="article-content-hint" className="text-xs text-slate-600">
          Markdown: ## Heading, **bold**, *italic*, - list item, [link text](https://…). A blank line starts a
          new paragraph.
        </p>
      </div>
      <div
        role="tabpanel"
        id="article-content-preview"
        aria-labelledby="article-content-preview-tab"
        hidden={tab !== "preview"}
      >
        {tab === "preview" && <ContentPreview content={content} />}
      </div>
      <FieldError id="article-content-error" message={error} />
    </div>
  );
}

function ContentPreview({ content }: { content: string }) {
  const trimmed = content.trim();
  const preview = useQuery<ArticlePreview>({
    queryKey: ["admin-article-preview", trimmed],
    queryFn: async () => {
      const response = await apiRequest("POST", "/api/admin/articles/preview", { content: trimmed });
      return (await response.json()) as ArticlePreview;
    },
    enabled: trimmed !== "",
  });

  const frame = "max-h-96 min-h-48 overflow-y-auto rounded-md border border-slate-300 bg-white p-4";
  if (trimmed === "") {
    return <p className={cn(frame, "text-sm text-slate-600")}>Nothing to preview yet.</p>;
  }
  if (preview.isPending) {
    return (
      <div className={cn(frame, "flex flex-col gap-3")} aria-busy="true">
        <span className="sr-only" role="status">
          Loading preview…
        </span>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    );
  }
  if (preview.isError) {
    return (
      <p role="alert" className={cn(frame, "text-sm font-medium text-red-700")}>
        The preview could not be loaded. Please try again.
      </p>
    );
  }
  return (
    <div
      className={cn(frame, "article-body text-slate-800")}
      // Rendered and sanitized by the server, exactly as it will appear on the site.
      dangerouslySetInnerHTML={{ __html: preview.data.html }}
    />
  );
}
