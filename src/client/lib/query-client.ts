import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { errorStatus } from "./api";

/**
 * What to do when any call answers 401: the session ended (idle or absolute expiry, or a logout in another tab).
 * The admin feature sets it; one place instead of a check after every call.
 */
let onUnauthorized: () => void = () => undefined;

export function handleUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

const noteUnauthorized = (error: unknown) => {
  if (errorStatus(error) === 401) onUnauthorized();
};

/**
 * Data never goes stale and is never refetched behind the visitor's back; nothing is retried. Every query names its
 * own function through the factories in `features/<feature>/api.ts`. The server renders each page with a client of
 * its own (`createQueryClient`), so one visitor's page never carries another's data.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noteUnauthorized }),
    mutationCache: new MutationCache({ onError: noteUnauthorized }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The browser's one client. */
export const queryClient = createQueryClient();
