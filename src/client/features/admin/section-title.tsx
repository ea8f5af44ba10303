import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The h2 of a dashboard section, with its icon. */
export function SectionTitle({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
      <Icon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
      {children}
    </h2>
  );
}
