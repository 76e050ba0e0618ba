import { useQuery } from "@tanstack/react-query";
import { authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { type AuthorizationAnswer, followAuthorization } from "#web/lib/oauth-authorization.ts";

/** What any signed-in person may see of an app (GET /oauth2/public-client). */
export interface PublicClient {
  client_id: string;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  tos_uri?: string;
  policy_uri?: string;
}

export function usePublicClient(clientId: string | undefined) {
  return useQuery({
    queryKey: ["oauth", "public-client", clientId],
    queryFn: () => authRequest<PublicClient>("/oauth2/public-client", { query: { client_id: clientId } }),
    enabled: Boolean(clientId),
  });
}

/**
 * POST /oauth2/consent: allow or deny the app. The provider answers where the browser goes next — the
 * app's redirect URI with a code, or with error=access_denied — and the page goes there.
 */
export function useConsentAnswer(oauthQuery: string | undefined) {
  return useApiMutation({
    mutationFn: (accept: boolean) =>
      authRequest<AuthorizationAnswer>("/oauth2/consent", {
        method: "POST",
        body: { accept, oauth_query: oauthQuery },
      }),
    onDone: (_accept, answer) => followAuthorization(answer),
  });
}
