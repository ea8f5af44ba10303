import type { ReactNode } from "react";
import { LoadFailed } from "./load-failed";
import { Loading } from "./loading";
import { Skeleton } from "./skeleton";

export interface QueryLike<T> {
  isPending: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /**
   * What is loaded: "articles" gives "Loading articles…" and "The articles could not be loaded."; "the access log"
   * gives "Loading the access log…" and "The access log could not be loaded."
   */
  what: string;
  /** The height of each placeholder row while loading. */
  rowClassName?: string;
  isEmpty: (data: T) => boolean;
  /** Shown when the answer holds nothing: a sentence (it is put in a paragraph here). */
  empty: ReactNode;
  children: (data: T) => ReactNode;
}

/** "articles" -> "The articles"; "the access log" -> "The access log". */
function failedSubject(what: string): string {
  return /^the /i.test(what) ? `The ${what.slice(4)}` : `The ${what}`;
}

/**
 * The three states every list of the dashboard goes through before it shows rows: loading (placeholder rows, and a
 * status for screen readers), failed (an alert with Retry), and empty.
 */
export function QueryState<T>({
  query,
  what,
  rowClassName = "h-10",
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Loading label={`Loading ${what}…`} className="flex flex-col gap-3 p-5 sm:p-6">
        <Skeleton className={`${rowClassName} w-full`} />
        <Skeleton className={`${rowClassName} w-full`} />
        <Skeleton className={`${rowClassName} w-full`} />
      </Loading>
    );
  }
  if (query.data === undefined) {
    return (
      <LoadFailed className="p-5 sm:p-6" onRetry={() => void query.refetch()}>
        {failedSubject(what)} could not be loaded.
      </LoadFailed>
    );
  }
  if (isEmpty(query.data)) return <p className="p-5 text-slate-700 sm:p-6">{empty}</p>;
  return children(query.data);
}
