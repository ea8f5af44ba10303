import { useEffect, useRef } from "react";
import { useLocation, useRouter } from "wouter";

/**
 * After a move inside the app, the page's canonical address (and og:url) name the page now shown. The server wrote
 * them for the page first loaded, from PUBLIC_BASE_URL; browsers share the canonical address (Chrome on Android
 * does), so without this a parent sharing an article reached from the home page would share the home page. A site
 * without PUBLIC_BASE_URL has no canonical address, and nothing is written.
 */
export function useCanonicalFollowsAddress(): void {
  const [location] = useLocation();
  // The location is the app's, inside the page's language (its base, "/kn"); the address is the whole path.
  const path = `${useRouter().base}${location}`;
  const first = useRef(path);
  useEffect(() => {
    if (path === first.current) return;
    first.current = "";
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) return;
    const address = new URL(path, canonical.href).href;
    canonical.href = address;
    document.querySelector('meta[property="og:url"]')?.setAttribute("content", address);
  }, [path]);
}
