import { QueryClient } from "@tanstack/react-query";
import { shouldRetry } from "./api/api-error.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    // "always": offline, a call is made and fails at once with the one network ApiError (words, retry),
    // instead of waiting paused, unseen, for the browser to come back online (TanStack's default).
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry, networkMode: "always" },
    mutations: { retry: false, networkMode: "always" },
  },
});
