import { useEffect } from "react";
import { siteProfile } from "./site-profile";

/** Sets the browser tab's title for a page; the site's own title when none is given. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ?? siteProfile.seo.title;
  }, [title]);
}
