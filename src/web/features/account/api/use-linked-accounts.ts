import { useQuery } from "@tanstack/react-query";
import { authClient } from "#web/lib/auth-client.ts";
import { CREDENTIAL_PROVIDER } from "#web/lib/social-providers.ts";
import { unwrap } from "../lib/auth-call.ts";
import { retryUnlessRefused } from "../lib/query-retry.ts";

/** One row of GET /list-accounts. */
export interface LinkedAccount {
  /** better-auth's row id. */
  id: string;
  providerId: string;
  /** The provider's id for the person. */
  accountId: string;
  createdAt: Date | string;
  scopes?: string[];
}

export const linkedAccountsKey = ["account", "linked-accounts"] as const;

/** GET /api/auth/list-accounts: every sign-in method of the signed-in user. */
export function useLinkedAccounts() {
  return useQuery({
    queryKey: linkedAccountsKey,
    queryFn: async () => (await unwrap(authClient.listAccounts())) as unknown as LinkedAccount[],
    retry: retryUnlessRefused,
  });
}

/** True when the account can sign in with a password; undefined while unknown. */
export function useHasPassword(): boolean | undefined {
  const { data } = useLinkedAccounts();
  return data ? data.some((account) => account.providerId === CREDENTIAL_PROVIDER) : undefined;
}
