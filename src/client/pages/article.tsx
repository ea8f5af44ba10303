import type { Article } from "@shared/articles";
import { ArrowLeft, Video } from "lucide-react";
import { Link, useParams } from "wouter";
import { PageShell } from "@/components/layout/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton, SkeletonStatus } from "@/components/ui/skeleton";
import { articleAnsweredByPage, articleRead } from "@/features/articles/api";
import { ArticleBody, PublishedOn } from "@/features/articles/article-body";
import { openBooking } from "@/lib/dialogs";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useContentLang, useLanguage, useT } from "@/lib/i18n";
import { usePageRead } from "@/lib/page-reads";
import { NotFound } from "./not-found";

/** The shareable page of one article (/articles/:slug), the permalink of the home page's article dialog. */
export default function ArticlePage() {
  const { slug = "" } = useParams<{ slug: string }>();
  const read = usePageRead(articleRead(slug, useLanguage()), articleAnsweredByPage);
  const data = read.data;

  // An unknown or unpublished article answers 404.
  if (data && !data.article) {
    return (
      <PageShell>
        <NotFound />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <BackToArticles />
        {read.status === "pending" ? (
          <ArticleSkeleton />
        ) : data?.article ? (
          <ArticleView article={data.article} />
        ) : (
          <ArticleLoadError />
        )}
      </div>
    </PageShell>
  );
}

function BackToArticles() {
  const t = useT();
  return (
    <Link
      href="/#articles"
      className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t("article.back")}
    </Link>
  );
}

function ArticleView({ article }: { article: Article }) {
  useDocumentTitle(article.title);
  // The doctor's translation speaks the page's language; her English article on another language's page is marked.
  const contentLang = useContentLang(article.language);
  return (
    <article aria-labelledby="article-title" className="mt-6">
      <h1
        id="article-title"
        className="text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl"
        lang={contentLang}
      >
        {article.title}
      </h1>
      <p className="mt-3 text-sm text-slate-600">
        <PublishedOn article={article} />
      </p>
      <div lang={contentLang}>
        <ArticleBody
          article={article}
          imageClassName="mt-8 rounded-xl"
          className="mt-8 text-base text-slate-800"
        />
      </div>
      <BookingPrompt />
    </article>
  );
}

function BookingPrompt() {
  const t = useT();
  return (
    <div className="mt-12 flex flex-col items-start gap-4 rounded-xl bg-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
      <p className="text-base font-medium">{t("article.discuss")}</p>
      <Button variant="secondary" onClick={openBooking}>
        <Video aria-hidden="true" />
        {t("hero.bookVideo")}
      </Button>
    </div>
  );
}

function ArticleSkeleton() {
  const t = useT();
  return (
    <SkeletonStatus label={t("article.loading")} className="mt-6" shapesClassName="flex flex-col gap-4">
      <Skeleton className="h-10 w-4/5" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-4 aspect-video w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
    </SkeletonStatus>
  );
}

function ArticleLoadError() {
  const t = useT();
  return (
    <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t("article.loadFailedTitle")}</h1>
      <p className="mt-3 text-slate-700">{t("article.loadFailedText")}</p>
    </div>
  );
}
