import { useQuery } from "@tanstack/react-query";
import type { LinkOutcome } from "#shared/contracts/email-change.ts";
import { authRequest } from "#web/lib/api/call.ts";

/**
 * GET /api/auth/link-outcome?id=: what the mailed link that redirected here did. A success screen claims
 * success only with it, so the same screen opened directly (no id, or an old one) says nothing happened.
 */
export function useLinkOutcome(id: string | undefined) {
  return useQuery({
    queryKey: ["link-outcome", id],
    queryFn: async () =>
      (await authRequest<{ outcome: LinkOutcome | null }>("/link-outcome", { query: { id: id ?? "" } }))
        .outcome,
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
