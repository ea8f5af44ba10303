import { LockKeyhole, RefreshCw } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminSession } from "./admin-session";
import { openAdminLogin } from "@/lib/dialogs";

/**
 * The client-side guard of the admin pages: asks the server whether this browser holds an admin session before
 * anything else, so a visitor sees a sign-in page rather than a dashboard of failed calls. The server still refuses
 * every admin call without a session; this only decides what to show.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const session = useAdminSession();

  if (session.isPending) return <GuardSkeleton />;
  if (session.isError) return <SessionCheckFailed onRetry={() => void session.refetch()} />;
  if (session.data === null) return <SignInRequired />;
  return children;
}

function GuardSkeleton() {
  return (
    <main id="main" aria-busy="true" className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
      <span className="sr-only" role="status">
        Checking your administrator session…
      </span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-10 w-32" />
    </main>
  );
}

function SignInRequired() {
  useDocumentTitle("Administrator sign-in required");
  const autoOpened = useRef(false);

  // Open the login dialog once on arrival; after the doctor closes it, the button below opens it again. The timer
  // lets a dialog that closed with the session (the article form) hand focus back first; that focus change would
  // otherwise count as a click outside the new dialog and close it at once.
  useEffect(() => {
    if (autoOpened.current) return;
    const timer = setTimeout(() => {
      autoOpened.current = true;
      openAdminLogin();
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <LockKeyhole className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Administrator sign-in required</h1>
      <p className="text-base leading-relaxed text-slate-700">
        This page is for the site's administrator. Please sign in with the admin password to continue.
      </p>
      <div className="flex flex-col items-center gap-3 sm:flex-row">
        <Button size="lg" onClick={openAdminLogin}>
          <LockKeyhole aria-hidden="true" />
          Admin Login
        </Button>
        <Button asChild variant="link">
          <Link href="/">Return to Home</Link>
        </Button>
      </div>
    </main>
  );
}

function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle("Administrator sign-in required");
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">Could not check your sign-in</h1>
      <p role="alert" className="text-base leading-relaxed text-slate-700">
        Unable to connect to the server. Please check your internet connection and try again.
      </p>
      <Button onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </main>
  );
}
