import { Home, SearchX } from "lucide-react";
import { Link } from "wouter";
import { PageShell } from "@/components/layout/page-shell";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The body of the 404 page, also shown by pages whose record does not exist (an unknown article). */
export function NotFound() {
  const t = useT();
  useDocumentTitle(t("notFound.title"));
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SearchX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("notFound.title")}</h1>
      <p className="text-base leading-relaxed text-slate-700">{t("notFound.text")}</p>
      <Button asChild size="lg">
        <Link href="/">
          <Home aria-hidden="true" />
          {t("notFound.home")}
        </Link>
      </Button>
    </div>
  );
}

export default function NotFoundPage() {
  return (
    <PageShell>
      <NotFound />
    </PageShell>
  );
}
