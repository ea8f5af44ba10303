import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "@/lib/utils";

/**
 * A page's h1 that takes focus when it appears in place of a loading view, so that a screen reader announces the
 * result (payment outcome, video room state) without the visitor hunting for it.
 */
export function FocusHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className={cn(
        "text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl",
        className,
      )}
    >
      {children}
    </h1>
  );
}
