import { useQueryClient } from "@tanstack/react-query";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { useFreshMutation } from "./use-fresh-mutation.ts";

/**
 * "This wasn't me" from the security activity of a signed-in person: a password reset link is mailed to
 * them (POST /request-password-reset), then every session ends, this one included (POST /revoke-sessions).
 * The mail goes first, so it is on its way even if signing out fails. Nothing cached may outlive the session.
 */
export function useNotMeSignedIn(onDone: () => unknown) {
  const queryClient = useQueryClient();
  return useFreshMutation({
    mutationFn: async (email: string) => {
      await authCall((o) => authClient.requestPasswordReset({ email, redirectTo: "/reset-password" }, o));
      await authCall((o) => authClient.revokeSessions(undefined, o));
    },
    failureTitle: t("account.activity.notMeFailed"),
    onDone: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
      return onDone();
    },
  });
}
