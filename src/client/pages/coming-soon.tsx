import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The body of a page whose feature is not switched on yet; the route exists so links and bookmarks keep working. */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">This part of the site is coming soon.</p>
      <Button asChild>
        <Link href="/">Return to Home</Link>
      </Button>
    </main>
  );
}
