import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { sessionsKey } from "./use-sessions.ts";

type SocialProvider = Parameters<typeof authClient.signIn.social>[0]["provider"];

/**
 * POST /api/auth/reauthenticate { password }: the session is swapped for a fresh one, so the
 * session is read again, and the list that marks the current one.
 */
export function useReauthenticate() {
  return useApiMutation({
    mutationFn: async (password: string) => {
      await authCall((o) => authClient.reauthenticate({ password }, o));
      authClient.$store.notify("$sessionSignal");
    },
    invalidate: sessionsKey,
  });
}

/** Signs in again with a linked provider and comes back to this page; only a refusal comes back. */
export function useReauthenticateWithProvider() {
  return useApiMutation({
    mutationFn: (provider: string) =>
      authCall((o) =>
        authClient.signIn.social(
          {
            provider: provider as SocialProvider,
            callbackURL: `${window.location.pathname}${window.location.search}`,
            errorCallbackURL: "/error",
          },
          o,
        ),
      ),
  });
}

/** The session a passkey confirmation replaces. */
export interface ReplacedSession {
  userId: string;
  token: string;
  activeOrganizationId?: string | null;
}

/**
 * Confirms with a passkey: a passkey sign-in makes a new, fresh session (signed in, the prompt offers only this
 * account's passkeys). The session it replaces is then signed out, and its active organization carried over.
 */
export function useReauthenticateWithPasskey() {
  return useApiMutation({
    mutationFn: async (replaced: ReplacedSession) => {
      const answer = (await authCall((o) => authClient.signIn.passkey(undefined, o))) as {
        user?: { id: string };
      } | null;
      if (answer?.user?.id === replaced.userId) {
        const organizationId = replaced.activeOrganizationId;
        if (organizationId) await authCall((o) => authClient.organization.setActive({ organizationId }, o));
        await authCall((o) => authClient.revokeSession({ token: replaced.token }, o));
      }
      authClient.$store.notify("$sessionSignal");
    },
    invalidate: sessionsKey,
  });
}
