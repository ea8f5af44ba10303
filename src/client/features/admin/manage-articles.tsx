import { type AdminArticle, TRANSLATION_LANGUAGES } from "@shared/articles";
import { LANGUAGE_NAMES } from "@shared/i18n/languages";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, FileText, Languages, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { formatShortDate } from "@/lib/format";
import { adminArticlesQuery } from "./api";
import { ArticleFormDialog } from "./article-form-dialog";
import { ArticleTranslationDialog } from "./article-translation-dialog";
import { DeleteArticleDialog } from "./delete-article-dialog";
import { SectionCard } from "./section-title";

/** What the form is doing: nothing, writing a new article, or editing one. */
type FormState =
  | { mode: "closed" }
  | { mode: "create" }
  | { mode: "edit"; article: AdminArticle }
  | { mode: "translate"; article: AdminArticle };

/** Manage Articles: the list with drafts, the article form and the delete confirmation. */
export function ManageArticles() {
  const articles = useQuery(adminArticlesQuery());
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<AdminArticle | null>(null);

  return (
    <SectionCard
      id="articles-admin-title"
      icon={FileText}
      title="Manage Articles"
      headClassName="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-5 sm:p-6"
      intro={
        <Button onClick={() => setForm({ mode: "create" })}>
          <Plus aria-hidden="true" />
          Add New Article
        </Button>
      }
    >
      <QueryState
        query={articles}
        what="articles"
        rowClassName="h-14"
        isEmpty={(data) => data.articles.length === 0}
        empty="No articles yet. Use Add New Article to write the first one."
      >
        {(data) => (
          <ul className="divide-y divide-slate-200" aria-label="Articles">
            {data.articles.map((article) => (
              <ArticleRow
                key={article.id}
                article={article}
                onEdit={() => setForm({ mode: "edit", article })}
                onTranslate={() => setForm({ mode: "translate", article })}
                onDelete={() => setToDelete(article)}
              />
            ))}
          </ul>
        )}
      </QueryState>

      {form.mode === "translate" && (
        <ArticleTranslationDialog
          key={form.article.id}
          article={form.article}
          onClose={() => setForm({ mode: "closed" })}
        />
      )}
      {(form.mode === "create" || form.mode === "edit") && (
        <ArticleFormDialog
          // A fresh form for every article opened, so nothing of the previous one is left in the fields.
          key={form.mode === "edit" ? form.article.id : "new"}
          article={form.mode === "edit" ? form.article : null}
          onClose={() => setForm({ mode: "closed" })}
        />
      )}
      {toDelete && <DeleteArticleDialog article={toDelete} onClose={() => setToDelete(null)} />}
    </SectionCard>
  );
}

interface ArticleRowProps {
  article: AdminArticle;
  onEdit: () => void;
  onTranslate: () => void;
  onDelete: () => void;
}

function ArticleRow({ article, onEdit, onTranslate, onDelete }: ArticleRowProps) {
  return (
    <li
      className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      data-testid="admin-article-row"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="font-semibold break-words text-slate-900">{article.title}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {article.published ? (
            <Badge variant="success">Published</Badge>
          ) : (
            <Badge variant="outline">Draft</Badge>
          )}
          {article.isSample && <Badge variant="secondary">Sample</Badge>}
          {TRANSLATION_LANGUAGES.filter((language) => article.translations[language]).map((language) => (
            <Badge key={language} variant="outline">
              <span className="sr-only">Translated into </span>
              <span lang={language}>{LANGUAGE_NAMES[language]}</span>
            </Badge>
          ))}
          <span>
            Created <time dateTime={article.createdAt}>{formatShortDate(article.createdOn)}</time>
          </span>
          {article.published && (
            <Link
              href={`/articles/${article.slug}`}
              className="inline-flex items-center gap-1 rounded-sm text-brand-700 underline-offset-4 hover:underline"
              aria-label={`View ${article.title} on the site`}
            >
              <ExternalLink className="size-3.5" aria-hidden="true" />
              View
            </Link>
          )}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${article.title}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onTranslate} aria-label={`Translate ${article.title}`}>
          <Languages aria-hidden="true" />
          Translate
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onDelete}
          aria-label={`Delete ${article.title}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}
