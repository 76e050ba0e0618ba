import { QueryClient } from "@tanstack/react-query";
import { shouldRetry } from "./api/api-error.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
    mutations: { retry: false },
  },
});
