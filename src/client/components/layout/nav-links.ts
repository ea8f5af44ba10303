import type { SiteMessageId } from "@shared/i18n/messages";

/** The home page's sections, in page order; the header, the mobile menu and the footer all list them. */
export const sectionLinks = [
  { id: "about", label: "nav.about" },
  { id: "services", label: "nav.services" },
  { id: "publications", label: "nav.publications" },
  { id: "articles", label: "nav.articles" },
  { id: "contact", label: "nav.contact" },
] as const satisfies readonly { id: string; label: SiteMessageId }[];

/**
 * On the home page a plain "#about" lets the browser scroll smoothly without a navigation; elsewhere the link
 * leads to the home page, which scrolls to the section once it is shown (see `useScrollOnArrival`).
 */
export function sectionHref(id: string, onHome: boolean): string {
  return onHome ? `#${id}` : `/#${id}`;
}
