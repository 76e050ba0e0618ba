import { useQuery } from "@tanstack/react-query";
import { BAN_NOTICE_COOKIE } from "#shared/error-codes.ts";
import { authRequest } from "#web/lib/api/call.ts";

/**
 * Why a ban ended this browser's session, when one did: the server left a cookie saying so, and only then is
 * it asked (every other sign-in page makes no call).
 */
export function useBanNotice() {
  const noted = document.cookie.split("; ").some((c) => c.startsWith(`${BAN_NOTICE_COOKIE}=`));
  return useQuery({
    queryKey: ["ban-notice"],
    queryFn: () => authRequest<{ message: string } | null>("/ban-notice"),
    enabled: noted,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
