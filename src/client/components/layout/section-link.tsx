import type { ReactNode } from "react";
import { Link } from "wouter";
import { useT } from "@/lib/i18n";
import { sectionHref, sectionLinks } from "./nav-links";

interface SectionLinkProps {
  id: string;
  onHome: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}

/**
 * A link to a home-page section. On the home page it is a plain anchor (the browser scrolls, smoothly, and it works
 * without script); elsewhere a client-side link to "/#id", so the page does not reload.
 */
function SectionLink({ id, onHome, className, onClick, children }: SectionLinkProps) {
  const href = sectionHref(id, onHome);
  if (onHome) {
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

/** The home page's sections as a list of links: the header's menus and the footer's quick links. */
export function SectionLinkList({
  onHome,
  className,
  linkClassName,
  onNavigate,
}: {
  onHome: boolean;
  className: string;
  linkClassName: string;
  /** Called when a link is followed (the mobile menu closes). */
  onNavigate?: () => void;
}) {
  const t = useT();
  return (
    <ul className={className}>
      {sectionLinks.map((link) => (
        <li key={link.id}>
          <SectionLink id={link.id} onHome={onHome} onClick={onNavigate} className={linkClassName}>
            {t(link.label)}
          </SectionLink>
        </li>
      ))}
    </ul>
  );
}
