import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api/call.ts";

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Mails the server kept instead of sending (development only), newest first. */
export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: ["dev-outbox"],
    queryFn: () => apiRequest<{ mails: OutboxMail[] }>("/dev/outbox"),
    enabled,
    refetchInterval: 4000,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
