import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The title band of the inner pages (Contact Us, Terms, Refunds), in the home hero's colours. */
interface PageIntroProps {
  title: string;
  /** Matches the width of the content below, so the title lines up with it. */
  wide?: boolean;
  children?: ReactNode;
}

export function PageIntro({ title, wide = false, children }: PageIntroProps) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className={cn("mx-auto px-4 py-12 sm:px-6 sm:py-16", wide ? "max-w-6xl" : "max-w-4xl")}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {children && <div className="mt-3 text-base leading-relaxed text-slate-700">{children}</div>}
      </div>
    </div>
  );
}
