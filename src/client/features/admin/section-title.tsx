import type { LucideIcon } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { QueryState, type QueryLike, type QueryStateProps } from "@/components/ui/query-state";

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

interface SectionHeading {
  /** The h2's id: the section is named by it. */
  id: string;
  icon: LucideIcon;
  title: ReactNode;
}

/**
 * A dashboard section on one card. At its top the title, with what goes with it (`intro`: a sentence, the section's
 * tabs or its main button) in a head laid out by `headClassName`; the body follows. A section that says what it is
 * for in a `description` has it under the title, in a head ruled off from the body.
 */
export function SectionCard({
  id,
  icon,
  title,
  description,
  intro = description === undefined ? undefined : <p className="text-sm text-slate-700">{description}</p>,
  headClassName = "flex flex-col gap-1 border-b border-slate-200 p-5 sm:p-6",
  className,
  children,
}: SectionHeading & {
  description?: ReactNode;
  intro?: ReactNode;
  headClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <SectionTitle id={id} icon={icon}>
      {title}
    </SectionTitle>
  );
  return (
    <section aria-labelledby={id}>
      <Card className={className}>
        {intro === undefined ? (
          heading
        ) : (
          <div className={headClassName}>
            {heading}
            {intro}
          </div>
        )}
        {children}
      </Card>
    </section>
  );
}

/**
 * A dashboard list: the title above a card that holds the list, or its loading, failed or empty state. `before`
 * stands between the title and the card (a search), `after` under the card (its pages, a dialog).
 */
export function ListSection<T>({
  id,
  icon,
  title,
  before,
  after,
  ...list
}: SectionHeading & QueryStateProps<T> & { before?: ReactNode; after?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <SectionTitle id={id} icon={icon}>
        {title}
      </SectionTitle>
      {before}
      <Card>
        <QueryState {...list} />
      </Card>
      {after}
    </section>
  );
}

/**
 * A dashboard section on one card whose body is a form filled from one loaded value, with the value's loading or
 * failed state in its place until then. The form starts again from the value whenever `formKey` of a newer answer
 * differs (after a save, or a change in another tab), so that it never edits a stale copy.
 */
export function FormSection<T>({
  query,
  what,
  rowClassName = "h-16",
  formKey = (data) => JSON.stringify(data),
  children,
  ...card
}: SectionHeading & {
  description?: ReactNode;
  query: QueryLike<T>;
  what: string;
  rowClassName?: string;
  formKey?: (data: T) => string;
  children: (data: T) => ReactNode;
}) {
  return (
    <SectionCard {...card}>
      <QueryState query={query} what={what} isEmpty={() => false} empty={null} rowClassName={rowClassName}>
        {(data) => <Fragment key={formKey(data)}>{children(data)}</Fragment>}
      </QueryState>
    </SectionCard>
  );
}
