import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("animate-pulse rounded-md bg-slate-200", className)} {...props} />;
}

/**
 * Placeholder shapes (`children`) where something is loading: screen readers hear `label` once, as a status, and
 * nothing of the shapes.
 */
export function SkeletonStatus({
  label,
  className,
  shapesClassName,
  children,
}: {
  label: string;
  className?: string;
  shapesClassName: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className={shapesClassName}>
        {children}
      </div>
    </div>
  );
}
