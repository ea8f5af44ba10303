import { useEffect } from "react";

/**
 * A client-side navigation keeps the previous page's scroll position, so a new page starts at its top, or at the
 * section named in the address ("/#contact" from another page) once that section exists.
 */
export function useScrollOnArrival(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, []);
}
