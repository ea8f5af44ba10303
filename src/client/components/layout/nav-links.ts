/** The home page's sections, in page order; the header, the mobile menu and the footer all list them. */
export const sectionLinks = [
  { id: "about", label: "About" },
  { id: "services", label: "Services" },
  { id: "publications", label: "Publications" },
  { id: "articles", label: "Articles" },
  { id: "contact", label: "Contact" },
] as const;

/**
 * On the home page a plain "#about" lets the browser scroll smoothly without a navigation; elsewhere the link
 * leads to the home page, which scrolls to the section once it is shown (see `useScrollOnArrival`).
 */
export function sectionHref(id: string, onHome: boolean): string {
  return onHome ? `#${id}` : `/#${id}`;
}
