import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AdminArticle,
  ARTICLE_CONTENT_MAX_LENGTH,
  articleTranslationSchema,
  isContentNotRenderedMessage,
  TRANSLATION_LANGUAGES,
  type TranslationLanguage,
} from "@shared/articles";
import { LANGUAGE_NAMES } from "@shared/i18n/languages";
import { useMutation } from "@tanstack/react-query";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button, SubmitButton } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { serverMessage } from "@/lib/api";
import { articleKeys } from "@/lib/article-keys";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { toast } from "@/lib/use-toast";
import { adminKeys, deleteArticleTranslation, saveArticleTranslation } from "./api";
import { fieldIssues } from "./api-errors";
import { ContentField } from "./article-form-dialog";

type TranslationInput = z.input<typeof articleTranslationSchema>;
type TranslationOutput = z.output<typeof articleTranslationSchema>;
const FIELDS = ["title", "excerpt", "content"] as const;

/** The language's name for the doctor: in English, then as it names itself ("Kannada (ಕನ್ನಡ)"). */
const LANGUAGE_LABELS: Record<TranslationLanguage, string> = {
  hi: `Hindi (${LANGUAGE_NAMES.hi})`,
  kn: `Kannada (${LANGUAGE_NAMES.kn})`,
};

/** The letters of each translation language's script: Devanagari for Hindi, Kannada's own. */
const SCRIPTS: Record<TranslationLanguage, RegExp> = { hi: /[\u0900-\u097F]/, kn: /[\u0C80-\u0CFF]/ };

/**
 * Why a translation seems to be in the other language (Kannada letters and no Hindi ones in the Hindi translation),
 * or undefined: typed into the wrong language, it would show on the wrong pages.
 */
function otherScriptOf(text: string, language: TranslationLanguage): string | undefined {
  const other = language === "hi" ? "kn" : "hi";
  if (SCRIPTS[language].test(text) || !SCRIPTS[other].test(text)) return undefined;
  const name = (candidate: TranslationLanguage) => (candidate === "hi" ? "Hindi" : "Kannada");
  return `This is written in ${name(other)}: choose ${name(other)} above, or write it in ${name(language)}.`;
}

/** After a translation is saved or removed: the dashboard's list and the site's articles are read again. */
async function refreshArticles() {
  await Promise.all(
    [adminKeys.articles, articleKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * The doctor's translation of an article into Hindi or Kannada, written beside the English one: its own title,
 * excerpt and Markdown. The picture and whether it is published are the English article's. Without a translation the
 * Hindi and Kannada pages show the English article, marked as English.
 */
export function ArticleTranslationDialog({
  article,
  onClose,
}: {
  article: AdminArticle;
  onClose: () => void;
}) {
  const [language, setLanguage] = useState<TranslationLanguage>(
    TRANSLATION_LANGUAGES.find((candidate) => !article.translations[candidate]) ?? "hi",
  );
  // What was typed in each language and not saved yet: switching languages keeps it.
  const unsaved = useRef<Partial<Record<TranslationLanguage, TranslationInput>>>({});
  return (
    <DialogShell
      onOpenChange={(open) => !open && onClose()}
      className="max-w-2xl"
      onInteractOutside={(event) => event.preventDefault()}
      title="Translate Article"
      description={
        <>
          The same article for the site's <span lang="hi">हिन्दी</span> and <span lang="kn">ಕನ್ನಡ</span> pages.
          Until it is translated, those pages show the English article, marked as English.
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="rounded-md bg-slate-50 p-3 text-sm break-words text-slate-800">
          <span className="font-medium">English: </span>
          {article.title}
        </p>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-2 text-sm font-medium text-slate-900">Language</legend>
          {TRANSLATION_LANGUAGES.map((candidate) => (
            <label key={candidate} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="translation-language"
                value={candidate}
                checked={language === candidate}
                onChange={() => setLanguage(candidate)}
                className="size-4 accent-brand-700"
              />
              {LANGUAGE_LABELS[candidate]}
              {article.translations[candidate] ? " · translated" : " · not translated yet"}
            </label>
          ))}
        </fieldset>
        {/* A fresh form for each language, filled with its translation as saved. */}
        <TranslationForm
          key={language}
          article={article}
          language={language}
          unsaved={unsaved}
          onClose={onClose}
        />
      </div>
    </DialogShell>
  );
}

function TranslationForm({
  article,
  language,
  unsaved,
  onClose,
}: {
  article: AdminArticle;
  language: TranslationLanguage;
  unsaved: RefObject<Partial<Record<TranslationLanguage, TranslationInput>>>;
  onClose: () => void;
}) {
  const saved = article.translations[language];
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    control,
    formState: { errors },
  } = useForm<TranslationInput, unknown, TranslationOutput>({
    resolver: zodResolver(articleTranslationSchema),
    defaultValues: unsaved.current[language] ?? {
      title: saved?.title ?? "",
      excerpt: saved?.excerpt ?? "",
      content: saved?.content ?? "",
    },
  });
  // Kept when the doctor switches to the other language, and given back when she returns.
  useEffect(
    () => () => {
      unsaved.current[language] = getValues();
    },
    [unsaved, language, getValues],
  );
  const content = useWatch({ control, name: "content" }) ?? "";
  const save = useMutation({
    mutationFn: (values: TranslationOutput) => saveArticleTranslation(article.id, language, values),
    onSuccess: async () => {
      toast({
        title: "Translation Saved",
        description: `The ${LANGUAGE_LABELS[language]} article is on the site's ${language === "hi" ? "Hindi" : "Kannada"} pages.`,
      });
      onClose();
      await refreshArticles();
    },
    onError: (error, values) => {
      for (const [field, message] of Object.entries(fieldIssues(error)))
        if ((FIELDS as readonly string[]).includes(field))
          setError(field as (typeof FIELDS)[number], { type: "server", message });
      const notRendered = serverMessage(error);
      if (isContentNotRenderedMessage(notRendered))
        setError("content", { type: "server", message: notRendered });
      showErrorToast(error, "article_update", { retry: () => save.mutate(values) });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteArticleTranslation(article.id, language),
    onSuccess: async () => {
      toast({ title: "Translation Removed", description: "The page shows the English article again." });
      onClose();
      await refreshArticles();
    },
    onError: (error) => showErrorToast(error, "article_update", { retry: () => remove.mutate() }),
  });
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const busy = save.isPending || remove.isPending;

  return (
    <form
      noValidate
      aria-label={`${LANGUAGE_LABELS[language]} translation`}
      onSubmit={(event) =>
        void handleSubmit((values) => {
          const mismatch = otherScriptOf(`${values.title} ${values.excerpt} ${values.content}`, language);
          if (mismatch) setError("title", { type: "script", message: mismatch });
          else save.mutate(values);
        })(event)
      }
      className="flex flex-col gap-4"
    >
      <FormField id="article-title" label="Title" error={errors.title?.message}>
        {/* The fields are in the translation's language: spelling, fonts and screen readers follow it. */}
        <Input
          lang={language}
          maxLength={200}
          {...describedBy("article-title", { error: Boolean(errors.title), required: true })}
          {...register("title")}
        />
      </FormField>
      <FormField id="article-excerpt" label="Excerpt" error={errors.excerpt?.message}>
        <Textarea
          lang={language}
          rows={2}
          maxLength={500}
          {...describedBy("article-excerpt", { error: Boolean(errors.excerpt), required: true })}
          {...register("excerpt")}
        />
      </FormField>
      <ContentField content={content} error={errors.content?.message}>
        <Textarea
          rows={8}
          lang={language}
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
      <DialogFooter className="border-t border-slate-200 pt-4">
        {saved &&
          (confirmingRemoval ? (
            <Button type="button" variant="destructive" disabled={busy} onClick={() => remove.mutate()}>
              {remove.isPending ? "Removing..." : "Yes, remove the translation"}
            </Button>
          ) : (
            <Button type="button" variant="ghost" disabled={busy} onClick={() => setConfirmingRemoval(true)}>
              Remove translation
            </Button>
          ))}
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton pending={save.isPending} busyLabel="Saving...">
          Save Translation
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
