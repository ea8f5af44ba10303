import { lazy, Suspense, useEffect } from "react";
import { useToasts } from "@/lib/use-toast";

const loadToaster = () => import("./toaster");
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * The toasts' code (Radix Toast) is not part of the first download: the page shows no toast until someone acts.
 * It is fetched once the page is idle, so a toast about a lost connection still shows with the network gone, and
 * mounted when the first toast is raised.
 *
 * The element around it is there from the start (the server renders it empty): a modal dialog hides the rest of the
 * page from assistive technology when it opens but keeps elements with aria-live, and the toasts raised over the
 * booking dialog later must land inside one of those.
 */
export function ToasterRoot() {
  const toasts = useToasts();
  useEffect(() => {
    const load = () => void loadToaster();
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(load);
    else window.setTimeout(load, 1500);
  }, []);
  return (
    <div aria-live="off">
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </div>
  );
}
