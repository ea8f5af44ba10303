import { useEffect } from "react";

/** The first page shown after the browser loaded the document; the browser has placed its scroll already. */
let firstPage = true;

/**
 * A client-side navigation keeps the previous page's scroll position, so a new page starts at its top, or at the
 * section named in the address ("/#contact" from another page) once that section exists. The page the browser
 * loaded is left alone: it was server-rendered, the browser scrolled to its #section itself, and the visitor may
 * have scrolled further before the script ran.
 */
export function useScrollOnArrival(): void {
  useEffect(() => {
    if (firstPage) {
      // After this commit (React's development double run of effects sees the same first page).
      queueMicrotask(() => {
        firstPage = false;
      });
      return;
    }
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, []);
}
