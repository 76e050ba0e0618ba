import { useQuery } from "@tanstack/react-query";
import { apiCall, productApi } from "#web/lib/api/call.ts";

export type { OutboxMail } from "#shared/contracts/outbox.ts";

/** Mails the server kept instead of sending (development only), newest first. */
export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: ["dev-outbox"],
    queryFn: () => apiCall(productApi.dev.outbox.$get()),
    enabled,
    refetchInterval: 4000,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
