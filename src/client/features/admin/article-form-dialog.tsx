import { serverMessage } from "@/lib/api";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  ARTICLE_CONTENT_MAX_LENGTH,
  type Article,
  articleInputSchema,
  isContentNotRenderedMessage,
  isImageAddress,
} from "@shared/articles";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { type UseFormRegisterReturn, type UseFormSetError, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button, SubmitButton } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { describedBy, FieldError, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Loading } from "@/components/ui/loading";
import { Skeleton } from "@/components/ui/skeleton";
import { useTabs } from "@/components/ui/tabs";
import { toast } from "@/lib/use-toast";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { cn } from "@/lib/utils";
import { fieldIssues } from "./api-errors";
import { articleKeys } from "@/lib/article-keys";
import { adminKeys, articlePreviewQuery, saveArticle } from "./api";

type ArticleFormInput = z.input<typeof articleInputSchema>;
type ArticleFormOutput = z.output<typeof articleInputSchema>;
type FieldName = "title" | "excerpt" | "content" | "imageUrl" | "published";
const FIELD_NAMES: readonly FieldName[] = ["title", "excerpt", "content", "imageUrl", "published"];

interface ArticleFormDialogProps {
  /** The article to edit, or null for a new one. */
  article: Article | null;
  onClose: () => void;
}

/** The form's fields, filled from the article being edited (or empty), checked with the server's own schema. */
function useArticleForm(article: Article | null) {
  return useForm<ArticleFormInput, unknown, ArticleFormOutput>({
    resolver: zodResolver(articleInputSchema),
    defaultValues: {
      title: article?.title ?? "",
      excerpt: article?.excerpt ?? "",
      content: article?.content ?? "",
      imageUrl: article?.imageUrl ?? "",
      published: article?.published ?? true,
    },
  });
}

/**
 * Saving: on success the lists of the dashboard and the site are refreshed; on failure the server's reasons go under
 * the fields they concern, and a toast says what failed.
 */
function useSaveArticle(
  article: Article | null,
  setError: UseFormSetError<ArticleFormInput>,
  onSaved: () => void,
) {
  const isEdit = article !== null;
  const mutation = useMutation({
    mutationFn: (values: ArticleFormOutput) =>
      saveArticle(article?.id, { ...values, imageUrl: values.imageUrl ?? "" }),
    onSuccess: async () => {
      toast({
        title: isEdit ? "Article Updated" : "Article Created",
        description: "The article has been saved successfully.",
      });
      onSaved();
      await Promise.all(
        [adminKeys.articles, articleKeys.all, adminKeys.stats].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error, values) => {
      // The server checks with the same schema; its field messages go under the fields as well.
      for (const [field, message] of Object.entries(fieldIssues(error))) {
        if ((FIELD_NAMES as readonly string[]).includes(field)) {
          setError(field as FieldName, { type: "server", message });
        }
      }
      // Content the server could not render (422): its reason goes under the content, which is what to change.
      const notRendered = serverMessage(error);
      if (isContentNotRenderedMessage(notRendered)) {
        setError("content", { type: "server", message: notRendered });
      }
      showErrorToast(error, isEdit ? "article_update" : "article_create", {
        retry: () => mutation.mutate(values),
      });
    },
  });
  return mutation;
}

/** The article form: creates a new article or updates the one given. */
export function ArticleFormDialog({ article, onClose }: ArticleFormDialogProps) {
  const isEdit = article !== null;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useArticleForm(article);
  const save = useSaveArticle(article, setError, onClose);
  const content = useWatch({ control, name: "content" }) ?? "";
  const imageUrl = usePreviewAddress(useWatch({ control, name: "imageUrl" }) ?? "");

  return (
    <DialogShell
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      className="max-w-2xl"
      // A stray click beside a long form must not throw the writing away; Cancel and Escape still close it.
      onInteractOutside={(event) => event.preventDefault()}
      title={isEdit ? "Edit Article" : "Add New Article"}
      description={
        isEdit
          ? "Change the article and save. Published articles update on the site at once."
          : "Write the article in Markdown. Drafts stay visible only here until published."
      }
    >
      <form
        noValidate
        aria-label={isEdit ? "Edit article" : "New article"}
        onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
        className="flex flex-col gap-4"
      >
        <FormField id="article-title" label="Title" error={errors.title?.message}>
          <Input
            maxLength={200}
            {...describedBy("article-title", { error: Boolean(errors.title), required: true })}
            {...register("title")}
          />
        </FormField>

        <FormField id="article-excerpt" label="Excerpt" error={errors.excerpt?.message}>
          <Textarea
            rows={2}
            maxLength={500}
            {...describedBy("article-excerpt", { error: Boolean(errors.excerpt), required: true })}
            {...register("excerpt")}
          />
        </FormField>

        <ContentField content={content} error={errors.content?.message}>
          <Textarea
            rows={8}
            maxLength={ARTICLE_CONTENT_MAX_LENGTH}
            className="font-mono text-sm sm:text-sm"
            {...describedBy("article-content", {
              error: Boolean(errors.content),
              required: true,
              also: "article-content-hint article-content-count",
            })}
            {...register("content")}
          />
        </ContentField>

        <div className="flex flex-col gap-2">
          <FormField
            id="article-image"
            label="Image URL (optional)"
            hint="A picture shown above the article and in link previews: an address starting with https:// or http://, or a path on this site starting with / (such as /images/articles/heart.jpg)."
            error={errors.imageUrl?.message}
          >
            {/* Text, not type="url": the browser's own check would refuse a path on this site, which is allowed. */}
            <Input
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
              {...describedBy("article-image", {
                hint: true,
                error: Boolean(errors.imageUrl),
                also: imageUrl ? "article-image-preview-status" : undefined,
              })}
              {...register("imageUrl")}
            />
          </FormField>
          {/* A new address starts its own preview, from loading. */}
          {imageUrl && <ImagePreview key={imageUrl} url={imageUrl} />}
        </div>

        <PublishedCheckbox field={register("published")} />

        <DialogFooter className="border-t border-slate-200 pt-4">
          <DialogClose asChild>
            <Button variant="outline" disabled={save.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <SubmitButton pending={save.isPending} busyLabel="Saving...">
            Save Article
          </SubmitButton>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}

/**
 * The image address to preview: what is typed, once typing has paused (the last one meanwhile), and only when it has
 * the form of an image address (the field's own check says what is wrong with anything else).
 */
function usePreviewAddress(typed: string): string {
  const address = typed.trim();
  const [settled, setSettled] = useState(address);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(address), 400);
    return () => clearTimeout(timer);
  }, [address]);
  return isImageAddress(settled) ? settled : "";
}

/**
 * The picture as visitors will see it above the article (cropped to 16:9), loaded by the browser under the site's
 * own rules, so a picture that fails here fails on the site too; saying so before saving spares the doctor an
 * article with a missing picture. A failed picture leaves no empty frame, only what to do about it.
 */
function ImagePreview({ url }: { url: string }) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const status = (
    <p
      id="article-image-preview-status"
      role="status"
      className={cn("text-xs", state === "failed" ? "font-medium text-amber-900" : "text-slate-600")}
    >
      {state === "loading" && "Loading the picture…"}
      {state === "loaded" && "Preview: the picture as it will appear above the article, cropped to 16:9."}
      {state === "failed" &&
        `The picture could not be loaded from this address. Check that the address is right and that the picture is public; until it loads, the article is shown without a picture.${url.startsWith("http://") ? " An address starting with http:// may be blocked: try the same address with https://." : ""}`}
    </p>
  );
  if (state === "failed") {
    return (
      <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
        <ImageOff className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden="true" />
        {status}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="aspect-video w-full shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-50 sm:w-48">
        <img
          src={url}
          alt="Preview of the article's picture"
          className={cn("size-full object-cover", state === "loading" && "invisible")}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
        />
      </div>
      {status}
    </div>
  );
}

function PublishedCheckbox({ field }: { field: UseFormRegisterReturn<"published"> }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id="article-published"
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
        aria-describedby="article-published-hint"
        {...field}
      />
      <div className="flex flex-col gap-0.5">
        <Label htmlFor="article-published">Published</Label>
        <p id="article-published-hint" className="text-xs text-slate-600">
          Unticked, the article is a draft: saved, but not shown on the site.
        </p>
      </div>
    </div>
  );
}

type ContentTab = "write" | "preview";
const CONTENT_TABS: readonly ContentTab[] = ["write", "preview"];
const tabLabels: Record<ContentTab, string> = { write: "Write", preview: "Preview" };

/** Content: the Markdown textarea, and a Preview tab that shows it exactly as visitors will see it. */
export function ContentField({
  content,
  error,
  children,
}: {
  content: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const [tab, setTab] = useState<ContentTab>("write");
  const tabProps = useTabs(CONTENT_TABS, tab, setTab);

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
          {CONTENT_TABS.map((value) => (
            <button
              key={value}
              {...tabProps(value)}
              id={`article-content-${value}-tab`}
              aria-controls={`article-content-${value}`}
              className={tabClass(tab === value)}
            >
              {tabLabels[value]}
            </button>
          ))}
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
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <p id="article-content-hint" className="text-xs text-slate-600">
            Markdown: ## Heading, **bold**, *italic*, - list item, [link text](https://…). A blank line starts
            a new paragraph.
          </p>
          <CharacterCount
            id="article-content-count"
            length={content.length}
            max={ARTICLE_CONTENT_MAX_LENGTH}
          />
        </div>
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

const counts = new Intl.NumberFormat("en-US");

/** "1,234 / 100,000 characters" under the content; the textarea stops at the maximum. */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p
      id={id}
      className={cn(
        "shrink-0 text-xs tabular-nums",
        length >= max ? "font-medium text-red-700" : "text-slate-600",
      )}
    >
      {counts.format(length)} / {counts.format(max)} characters
    </p>
  );
}

function ContentPreview({ content }: { content: string }) {
  const trimmed = content.trim();
  const preview = useQuery({ ...articlePreviewQuery(trimmed), enabled: trimmed !== "" });

  const frame = "max-h-96 min-h-48 overflow-y-auto rounded-md border border-slate-300 bg-white p-4";
  if (trimmed === "") {
    return <p className={cn(frame, "text-sm text-slate-600")}>Nothing to preview yet.</p>;
  }
  if (preview.isPending) {
    return (
      <Loading label="Loading preview…" className={cn(frame, "flex flex-col gap-3")}>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </Loading>
    );
  }
  if (preview.isError) {
    // Content the server could not render says why and what to do; any other failure is worth a retry.
    const notRendered = serverMessage(preview.error);
    return (
      <p role="alert" className={cn(frame, "text-sm font-medium text-red-700")}>
        {isContentNotRenderedMessage(notRendered)
          ? notRendered
          : "The preview could not be loaded. Please try again."}
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
