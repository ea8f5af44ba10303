import type { ReactNode } from "react";
import { SectionHeading } from "./section-heading";

interface HomeSectionProps {
  /** The section's anchor ("about"); its h2 gets `${id}-title`, which names the section. */
  id: string;
  eyebrow: string;
  title: string;
  /** The sentence under the title, if the section has one. */
  intro?: ReactNode;
  /** A grey band, so that neighbouring sections stand apart. */
  tinted?: boolean;
  children: ReactNode;
  /** What belongs to the section but not to its column of content, such as a dialog it opens. */
  after?: ReactNode;
}

/** One band of the home page: the same width, spacing and heading for every section. */
export function HomeSection({
  id,
  eyebrow,
  title,
  intro,
  tinted = false,
  children,
  after,
}: HomeSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={tinted ? "bg-slate-50 py-16 sm:py-20" : "py-16 sm:py-20"}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id={titleId} eyebrow={eyebrow} title={title}>
          {intro}
        </SectionHeading>
        {children}
      </div>
      {after}
    </section>
  );
}
