import { type ReactNode, useEffect, useRef } from "react";

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
