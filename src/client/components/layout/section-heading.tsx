import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface SectionHeadingProps {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
}

/** The heading block that opens each home-page section, so all sections read and look alike. */
export function SectionHeading({ id, eyebrow, title, children, className }: SectionHeadingProps) {
  return (
    <div className={cn("mx-auto mb-10 max-w-2xl text-center", className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-heart-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-base leading-relaxed text-slate-700">{children}</p>}
    </div>
  );
}
