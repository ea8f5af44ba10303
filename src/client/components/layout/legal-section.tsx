import type { ReactNode } from "react";

/** One numbered part of a policy page; the prose styles live here so Terms and Refunds read alike. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-b border-slate-200 py-8 last:border-b-0">
      <h2 id={id} className="text-xl font-semibold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-3 text-base leading-relaxed text-slate-700 [&_li]:pl-1 [&_strong]:text-slate-900 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
