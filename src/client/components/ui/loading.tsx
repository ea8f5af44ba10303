import type { ReactNode } from "react";

interface LoadingProps {
  /** What screen readers hear while it loads: "Loading the reports…". */
  label: string;
  className?: string;
  /** The placeholder shapes (Skeletons) in the place of what is loading. */
  children: ReactNode;
}

/** A part that is loading: marked busy, said once as a status, and shown as placeholder shapes. */
export function Loading({ label, className, children }: LoadingProps) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}
