import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { authCall } from "#web/lib/api/call.ts";
import { authClient } from "#web/lib/auth-client.ts";

/**
 * Signs out of the account that is not the invitation's recipient and goes to sign-in with the
 * invited address, coming back to `here` afterwards. Nothing of the old account stays cached.
 */
export function useSwitchAccount(here: string, email: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authCall((o) => authClient.signOut({ fetchOptions: o })),
    // Signed out or not, the person asked to switch: go on to sign in.
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
      await navigate({ to: "/sign-in", search: { redirect: here, email } });
    },
  });
}

/** Sends the email-verification link again; it leads back to `here`. */
export function useResendVerification(email: string, here: string) {
  return useMutation({
    mutationFn: () => authCall((o) => authClient.sendVerificationEmail({ email, callbackURL: here }, o)),
  });
}
