import type { ReactNode } from "react";

/** The look of a body cell of the dashboard's wide tables; a cell adds its own (nowrap, mono, right-aligned). */
export const cellClass = "px-4 py-3 align-top text-sm text-slate-800";

const headClass = "px-4 py-3 text-left text-sm font-semibold text-slate-700";

export interface Column {
  label: string;
  /** Added to the head cell's look. */
  className?: string;
}

/**
 * A dashboard list as a table from 768 px up (below that the same rows are shown as cards): a caption for screen
 * readers, the column heads, and the rows.
 */
export function WideTable({
  caption,
  columns,
  children,
}: {
  caption: ReactNode;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map(({ label, className }) => (
              <th key={label} scope="col" className={className ? `${headClass} ${className}` : headClass}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
