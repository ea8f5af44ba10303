import { type ReactNode, Suspense, useEffect } from "react";
import { replayEarlyTap } from "@/lib/early-tap";
import { cn } from "@/lib/utils";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { SkipLink } from "./skip-link";
import { useScrollOnArrival } from "./use-scroll-on-arrival";

/** The frame of every public page: skip link, sticky header, the one main landmark, footer. */
export function PageShell({ children, mainClassName }: { children: ReactNode; mainClassName?: string }) {
  useScrollOnArrival();
  useEffect(replayEarlyTap, []);
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader />
      {/* tabIndex lets the skip link move keyboard focus into the content, not just scroll to it. */}
      <main id="main" tabIndex={-1} className={cn("flex-1 focus:outline-none", mainClassName)}>
        {children}
      </main>
      {/* Hydrated after the page above it (a Suspense boundary), in a task of its own. */}
      <Suspense>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
