import { useQuery } from "@tanstack/react-query";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { CREDENTIAL_PROVIDER } from "#web/lib/social-providers.ts";
import { useFreshMutation } from "./use-fresh-mutation.ts";

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

type SocialProvider = Parameters<typeof authClient.linkSocial>[0]["provider"];

export const linkedAccountsKey = ["account", "linked-accounts"] as const;

/** Where linking comes back to, whether the provider said yes or no. */
const LINK_RETURN_URL = "/account?section=linked&linked=returned";

/** GET /api/auth/list-accounts: every sign-in method of the signed-in user. */
export function useLinkedAccounts() {
  return useQuery({
    queryKey: linkedAccountsKey,
    queryFn: (): Promise<LinkedAccount[]> => authCall((o) => authClient.listAccounts(undefined, o)),
  });
}

/** True when the account can sign in with a password; undefined while unknown. */
export function useHasPassword(): boolean | undefined {
  const { data } = useLinkedAccounts();
  return data ? data.some((account) => account.providerId === CREDENTIAL_PROVIDER) : undefined;
}

/** POST /api/auth/link-social: the browser leaves for the provider; only a refusal comes back. */
export function useLinkAccount(label: string) {
  return useApiMutation({
    mutationFn: (provider: string) =>
      authCall((o) =>
        authClient.linkSocial(
          {
            provider: provider as SocialProvider,
            callbackURL: LINK_RETURN_URL,
            errorCallbackURL: LINK_RETURN_URL,
          },
          o,
        ),
      ),
    failureTitle: t("account.linked.linkFailed", { provider: label }),
  });
}

/** POST /api/auth/unlink-account { accountId: row id }; needs a fresh session. */
export function useUnlinkAccount(label: string) {
  return useFreshMutation({
    mutationFn: (account: LinkedAccount) =>
      authCall((o) => authClient.unlinkAccount({ accountId: account.id }, o)),
    invalidate: linkedAccountsKey,
    success: () => ({
      title: t("account.linked.unlinkedTitle", { provider: label }),
      message: t("account.linked.unlinkedMessage", { provider: label }),
    }),
    failureTitle: t("account.linked.unlinkFailed", { provider: label }),
  });
}
