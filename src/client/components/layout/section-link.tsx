import type { ReactNode } from "react";
import { Link } from "wouter";
import { sectionHref } from "./nav-links";

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
export function SectionLink({ id, onHome, className, onClick, children }: SectionLinkProps) {
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
