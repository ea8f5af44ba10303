import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface DetailProps {
  term: ReactNode;
  children: ReactNode;
  termClassName?: string;
  /** The value's look. */
  className?: string;
}

/** One term and its value in a description list (`<dl>`): "Booking ID" and "#A1B2C3D4". */
export function Detail({
  term,
  children,
  termClassName = "text-slate-600",
  className = "min-w-0 font-medium break-words text-slate-900",
}: DetailProps) {
  return (
    <>
      <dt className={termClassName}>{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

/** A term and its value in a block of their own: one under the other on a phone, side by side from `sm` up. */
export function DetailRow({ rowClassName, ...detail }: DetailProps & { rowClassName?: string }) {
  return (
    <div className={cn("flex flex-col gap-0.5 sm:flex-row sm:gap-4", rowClassName)}>
      <Detail {...detail} />
    </div>
  );
}
