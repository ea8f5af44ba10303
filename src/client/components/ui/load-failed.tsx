import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Button } from "./button";

interface LoadFailedProps {
  /** What could not be loaded, as a sentence: "The reports could not be loaded." */
  children: ReactNode;
  onRetry: () => void;
  /** "stacked" (the default): the button under the sentence; "inline": beside it, wrapping on a narrow screen. */
  layout?: "stacked" | "inline";
  className?: string;
  /** The button's word in the page's language; "Retry" unless given. */
  retryLabel?: string;
}

/** A read that failed: the sentence is announced as an alert, and Retry asks the server again. */
export function LoadFailed({
  children,
  onRetry,
  layout = "stacked",
  className,
  retryLabel = "Retry",
}: LoadFailedProps) {
  return (
    <div
      className={cn(
        layout === "inline" ? "flex flex-wrap items-center gap-3" : "flex flex-col items-start gap-3",
        className,
      )}
    >
      <p role="alert" className="text-sm font-medium text-red-700">
        {children}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
