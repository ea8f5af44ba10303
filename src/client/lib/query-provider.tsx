import { type Query, type QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { type ReadStore, useReadStore } from "./page-reads";
import { createQueryClient, queryClient } from "./query-client";

/**
 * TanStack Query for the parts that need it (the booking dialog, the manage page, the video room, the console), in
 * their own chunks: loaded with them (lib/with-query.ts), never with a public page's first script.
 */

const clients = new WeakMap<ReadStore, QueryClient>();

/**
 * The Query client of an app: the browser's one client (the console's code uses it directly too), or one per page
 * the server renders. It starts from the page's reads, so a dialog or page finds what the page came with.
 */
function clientOf(reads: ReadStore): QueryClient {
  let client = clients.get(reads);
  if (!client) {
    client = typeof window === "undefined" ? createQueryClient() : queryClient;
    shareReads(client, reads);
    clients.set(reads, client);
  }
  return client;
}

/**
 * Keeps the public pages' reads and Query's cache telling the same: a read either side gets is copied to the other,
 * and what Query marks out of date (the console, after the doctor edits an article or her hours) or drops, the
 * public pages ask for again the next time they show it.
 */
export function shareReads(client: QueryClient, reads: ReadStore): void {
  const copyIntoQuery = () => {
    for (const { key, data } of reads.current())
      if (client.getQueryData(key) !== data) client.setQueryData(key, data);
  };
  copyIntoQuery();
  reads.subscribe(copyIntoQuery);
  client.getQueryCache().subscribe((event) => {
    // Query types a cache's queries loosely (any); each read here is an unknown value under an array key.
    const { queryKey, state } = event.query as Query<unknown, unknown, unknown, QueryKey>;
    if (!reads.has(queryKey)) return;
    if (event.type === "removed") reads.invalidate(queryKey);
    if (event.type !== "updated") return;
    if (event.action.type === "success") reads.set(queryKey, state.data);
    if (event.action.type === "invalidate") reads.invalidate(queryKey);
  });
}

function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={clientOf(useReadStore())}>{children}</QueryClientProvider>;
}

/** The component inside Query's provider. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
