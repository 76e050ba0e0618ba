import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authClient } from "#web/lib/auth-client.ts";
import { unwrap } from "../lib/auth-call.ts";
import { useFreshAction } from "../lib/fresh-action.tsx";
import { type LinkedAccount, linkedAccountsKey } from "./use-linked-accounts.ts";

/** POST /api/auth/unlink-account { accountId: row id }; needs a fresh session. */
export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  const fresh = useFreshAction();
  return useMutation({
    mutationFn: (account: LinkedAccount) =>
      fresh.run(() => unwrap(authClient.unlinkAccount({ accountId: account.id }))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedAccountsKey }),
  });
}
