import type { PageRead } from "@shared/page-data";
import { createContext, type ReactNode, use, useEffect, useEffectEvent, useSyncExternalStore } from "react";

/**
 * The reads the public pages show (the clinic's settings, the articles), kept without TanStack Query: Query is a
 * tenth of the home page's first script, and these pages only show what the server put into the page, or ask for it
 * once when the app goes to a page whose data did not carry it. The pages that need Query (booking, manage, video
 * room, console) load it in their own chunks, and its client shares these reads (lib/query-provider.tsx).
 */

/** A read: the key the app names it by (the same as Query's) and how the browser asks the API for it. */
export interface ReadSource<T> {
  readonly key: readonly unknown[];
  fetch(): Promise<T>;
}

/** What a page sees of a read; `stale` data is shown while it is asked for again. */
export type ReadState<T> =
  | { status: "pending"; data?: undefined }
  | { status: "error"; data?: undefined }
  | { status: "success"; data: T; stale: boolean };

interface Kept {
  key: readonly unknown[];
  state: ReadState<unknown>;
}

const PENDING: ReadState<never> = { status: "pending" };

/** A key's identity, as Query hashes it for the keys this app uses (arrays of strings and plain values). */
const hashOf = (key: readonly unknown[]) => JSON.stringify(key);

/**
 * One app's reads: the browser's one, or one per page the server renders (pages in several languages render at
 * once). Components subscribe to it; each state object is replaced on change, so it serves as React's snapshot.
 */
export class ReadStore {
  readonly #kept = new Map<string, Kept>();
  readonly #loading = new Set<string>();
  readonly #listeners = new Set<() => void>();

  constructor(reads: readonly PageRead[] = []) {
    for (const { key, data } of reads) this.#kept.set(hashOf(key), { key, state: fresh(data) });
  }

  has(key: readonly unknown[]): boolean {
    return this.#kept.has(hashOf(key));
  }

  stateOf(key: readonly unknown[]): ReadState<unknown> {
    return this.#kept.get(hashOf(key))?.state ?? PENDING;
  }

  /** The reads in hand and up to date, for Query's client to start from. */
  current(): PageRead[] {
    return [...this.#kept.values()].flatMap(({ key, state }) =>
      state.status === "success" && !state.stale ? [{ key, data: state.data }] : [],
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** A new answer for a read: the browser's own, or Query's once the lazy pages have it. */
  set(key: readonly unknown[], data: unknown): void {
    const state = this.#kept.get(hashOf(key))?.state;
    if (state?.status === "success" && !state.stale && state.data === data) return;
    this.#keep(key, fresh(data));
  }

  /** Marks a read out of date (the console changed it): a page that shows it next asks for it again. */
  invalidate(key: readonly unknown[]): void {
    const state = this.#kept.get(hashOf(key))?.state;
    if (state?.status === "success" && !state.stale) this.#keep(key, { ...state, stale: true });
  }

  /**
   * Adds an answer the page in hand gives without naming its key (the article-not-found page, one page for every
   * unknown article). It tells no one: it is called while a component renders, before anything reads the key.
   */
  provide(key: readonly unknown[], data: unknown): void {
    if (!this.has(key)) this.#kept.set(hashOf(key), { key, state: fresh(data) });
  }

  /** Asks the API for a read that is missing, failed or out of date, once at a time. */
  loadIfNeeded<T>(source: ReadSource<T>): void {
    const hash = hashOf(source.key);
    const state = this.stateOf(source.key);
    if ((state.status === "success" && !state.stale) || this.#loading.has(hash)) return;
    this.#loading.add(hash);
    source
      .fetch()
      .then(
        (data) => this.set(source.key, data),
        // A failed read shows its error; data shown before stays (a refresh that failed changes nothing seen).
        () => {
          if (state.status !== "success") this.#keep(source.key, { status: "error" });
        },
      )
      .finally(() => this.#loading.delete(hash));
  }

  #keep(key: readonly unknown[], state: ReadState<unknown>): void {
    this.#kept.set(hashOf(key), { key, state });
    for (const listener of this.#listeners) listener();
  }
}

function fresh(data: unknown): ReadState<unknown> {
  return { status: "success", data, stale: false };
}

const ReadStoreContext = createContext<ReadStore | null>(null);

export function ReadStoreProvider({ reads, children }: { reads: ReadStore; children: ReactNode }) {
  return <ReadStoreContext value={reads}>{children}</ReadStoreContext>;
}

export function useReadStore(): ReadStore {
  const reads = use(ReadStoreContext);
  if (!reads) throw new Error("useReadStore needs a ReadStoreProvider above it (app.tsx)");
  return reads;
}

/**
 * A read as a page shows it: from the page's data when it came with it, else asked for when the component mounts
 * (and again on a later mount after a failure or a change in the console), as the pages did with Query before.
 * `answeredByPage` gives an answer the page in hand holds under another key (see ReadStore.provide).
 */
export function usePageRead<T>(source: ReadSource<T>, answeredByPage?: () => T | undefined): ReadState<T> {
  const reads = useReadStore();
  if (answeredByPage && !reads.has(source.key)) {
    const answer = answeredByPage();
    if (answer !== undefined) reads.provide(source.key, answer);
  }
  const snapshot = () => reads.stateOf(source.key);
  // The state of a read is the answer of the source's type that was kept under its key.
  const state = useSyncExternalStore(reads.subscribe, snapshot, snapshot) as ReadState<T>;
  const load = useEffectEvent(() => reads.loadIfNeeded(source));
  const hash = hashOf(source.key);
  useEffect(() => load(), [hash]);
  return state;
}
