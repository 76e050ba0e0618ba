import { authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";

/** better-auth's answer to POST /sign-in/sso: where the identity provider's sign-in page is. */
interface SsoSignInAnswer {
  url: string;
  /** True when better-auth's client already sends the browser there (its redirect fetch plugin). */
  redirect?: boolean;
}

/**
 * Enterprise single sign-on (issue 19): POST /api/auth/sign-in/sso with the work email; the browser goes on
 * to the IdP of the address's domain, and comes back to `callbackURL` (or to /error with a code).
 */
export function useSsoSignIn() {
  return useApiMutation({
    mutationFn: async (input: { email: string; callbackURL: string }) => {
      const answer = await authRequest<SsoSignInAnswer>("/sign-in/sso", {
        method: "POST",
        body: { ...input, errorCallbackURL: "/error" },
      });
      if (!answer.redirect) window.location.assign(answer.url);
      return answer;
    },
  });
}
