import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A list item led by an icon: its title in bold, and under it what it says (`children`: a line of text or a link).
 * The icon only decorates; screen readers read the title and the line.
 */
export function IconListItem({
  icon: Icon,
  title,
  bodyClassName,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className={bodyClassName}>
        <p className="font-semibold text-slate-900">{title}</p>
        {children}
      </div>
    </li>
  );
}
