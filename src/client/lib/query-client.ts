import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

/** Data never goes stale and is never refetched behind the visitor's back; nothing is retried (spec section 7). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
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
