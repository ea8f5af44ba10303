import { ADMIN_PAGES } from "@shared/admin-pages";
import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { ToasterRoot } from "@/components/ui/toaster-root";
import { AdminLoginRoot } from "@/features/admin/admin-login-root";
import { BookingRoot } from "@/features/booking/booking-root";
import { prefetchMessageChunk } from "@/lib/message-chunks";
import { type ReadStore, ReadStoreProvider } from "@/lib/page-reads";
import { useCanonicalFollowsAddress } from "@/lib/use-canonical-address";
import type { MessageChunk } from "@shared/i18n/chunks";
import { existsUnderLanguagePrefix } from "@shared/i18n/languages";
import { useLanguage, useT } from "@/lib/i18n";
import { withQuery } from "@/lib/with-query";
import HomePage from "@/pages/home";

/**
 * Every page but the home page is its own chunk, the 404 page too. The server renders the public ones (their chunk
 * is in the page's preload list when the browser hydrates them); the admin, payment result and video pages render
 * only in the browser. The console's pages are listed in console-pages.ts instead.
 */
const pageModules = import.meta.glob<{ default: ComponentType }>([
  "./pages/*.tsx",
  "!./pages/home.tsx",
  "!./pages/admin*.tsx",
]);

const CONSOLE_PAGES = new Set<string>(Object.values(ADMIN_PAGES));

/**
 * The message chunks a page speaks besides the site's (src/shared/i18n/chunks.ts). When the app goes to the page, its
 * words are fetched beside its code instead of after it; a server-rendered page carries them in its data.
 */
const PAGE_CHUNKS: Partial<Record<string, MessageChunk[]>> = {
  terms: ["legal"],
  privacy: ["legal"],
  refunds: ["legal"],
  "payment-callback": ["booking"],
  "manage-appointment": ["visit"],
  "video-consultation": ["room"],
};

/**
 * The public pages, which read what the server put into them (lib/page-reads.tsx). Every other page (the console,
 * the manage page, the video room, the payment result) reads through TanStack Query and comes with its provider.
 */
const PAGES_WITHOUT_QUERY = new Set(["contact-us", "terms", "privacy", "refunds", "article", "not-found"]);

/** The loader of src/client/pages/<file>.tsx: a console page's through console-pages.ts, which comes first. */
function pageLoader(file: string): () => Promise<{ default: ComponentType }> {
  if (CONSOLE_PAGES.has(file))
    return () => import("./console-pages").then((console) => console.loadConsolePage(file));
  const load = pageModules[`./pages/${file}.tsx`];
  if (!load) throw new Error(`There is no page pages/${file}.tsx`);
  return load;
}

/** The page of src/client/pages/<file>.tsx, loaded when it is first shown. */
function lazyPage(file: string) {
  const load = pageLoader(file);
  const chunks = PAGE_CHUNKS[file] ?? [];
  return lazy(() => {
    for (const chunk of chunks) prefetchMessageChunk(chunk);
    return PAGES_WITHOUT_QUERY.has(file) ? load() : withQuery(load());
  });
}

/** Each address and the file in pages/ that answers it (besides the home page); any other address is a 404. */
const ROUTES = Object.entries({
  "/contact-us": "contact-us",
  "/terms-conditions": "terms",
  "/privacy": "privacy",
  "/refunds-cancellations": "refunds",
  "/articles/:slug": "article",
  ...ADMIN_PAGES,
  "/payment/callback": "payment-callback",
  "/video-consultation/:roomId": "video-consultation",
  "/appointments/manage/:token": "manage-appointment",
}).map(([path, file]) => ({ path, page: lazyPage(file) }));
const NotFoundPage = lazyPage("not-found");

/**
 * While a page's code arrives: the words the server's placeholder showed, in the page's language, so that a slow
 * phone never shows an empty screen between the two (the payment result, the video room).
 */
function PageFallback() {
  const t = useT();
  return (
    <main id="main" aria-busy="true" className="mx-auto flex min-h-screen max-w-xl flex-col gap-4 px-4 py-16">
      <p role="status" className="text-base text-slate-700">
        {t("page.loading")}
      </p>
    </main>
  );
}

interface AppProps {
  /** The reads the server put into the page, and those the app makes as it goes. */
  reads: ReadStore;
}

export function App({ reads }: AppProps) {
  useCanonicalFollowsAddress();
  // Under /hi/ or /kn/ only the public pages and a booking's pages (payment result, manage page, video room) answer;
  // any other address is the 404 page, as the server says (the console has English addresses only).
  const routes =
    useLanguage() === "en" ? ROUTES : ROUTES.filter(({ path }) => existsUnderLanguagePrefix(path));
  return (
    <ReadStoreProvider reads={reads}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          <Route path="/" component={HomePage} />
          {routes.map(({ path, page }) => (
            <Route key={path} path={path} component={page} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <BookingRoot />
      <AdminLoginRoot />
      <ToasterRoot />
    </ReadStoreProvider>
  );
}
