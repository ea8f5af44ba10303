import { type ReactNode, useEffect, useRef } from "react";
import { Label } from "@/components/ui/label";

/** The ids an input needs so that assistive technology reads its hint and its error with it. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: boolean }) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids || undefined,
  };
}

export interface BookingFieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

export function BookingField({ id, label, hint, error, children }: BookingFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The step's heading takes focus when the step appears, so a screen reader announces where the visitor is. */
export function StepHeading({
  id,
  children,
  focusOnMount,
}: {
  id?: string;
  children: ReactNode;
  focusOnMount: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
    // Only when the step appears, not on later renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <h3 id={id} ref={ref} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
      {children}
    </h3>
  );
}
