import { useQuery } from "@tanstack/react-query";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { useFreshMutation } from "./use-fresh-mutation.ts";
import { linkedAccountsKey } from "./use-linked-accounts.ts";

/** One row of GET /passkey/list-user-passkeys. */
export interface Passkey {
  id: string;
  name?: string | null;
  /** "singleDevice" (kept on one authenticator) or "multiDevice" (synced, e.g. by a password manager). */
  deviceType: string;
  backedUp: boolean;
  createdAt?: Date | string | null;
  /** Gatehouse's: when it last signed someone in. */
  lastUsedAt?: Date | string | null;
}

export const passkeysKey = ["account", "passkeys"] as const;

/** GET /api/auth/passkey/list-user-passkeys: the signed-in user's passkeys, newest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: async (): Promise<Passkey[]> => {
      const list = (await authCall((o) => authClient.passkey.listUserPasskeys(undefined, o))) as Passkey[];
      const time = (p: Passkey) => (p.createdAt ? new Date(p.createdAt).getTime() : 0);
      return [...list].sort((a, b) => time(b) - time(a));
    },
  });
}

/**
 * GET /passkey/generate-register-options, the browser's prompt, then POST /passkey/verify-registration
 * (both need a fresh session); the new passkey is then given `name`, which the screen offers to change.
 * The name is not passed to the prompt: there the account's email names the passkey.
 */
export function useAddPasskey() {
  return useFreshMutation({
    mutationFn: async (name: string): Promise<Passkey> => {
      const created = (await authCall((o) =>
        authClient.passkey.addPasskey(undefined, o),
      )) as unknown as Passkey;
      await authCall((o) => authClient.passkey.updatePasskey({ id: created.id, name }, o));
      return { ...created, name };
    },
    invalidate: passkeysKey,
    failureTitle: t("account.passkeys.addFailed"),
  });
}

/** POST /api/auth/passkey/update-passkey { id, name }. */
export function useRenamePasskey() {
  return useApiMutation({
    mutationFn: (input: { id: string; name: string }) =>
      authCall((o) => authClient.passkey.updatePasskey(input, o)),
    invalidate: passkeysKey,
  });
}

/** POST /api/auth/passkey/delete-passkey { id }; needs a fresh session, and is refused for the last sign-in method. */
export function useRemovePasskey() {
  return useFreshMutation({
    mutationFn: (passkey: { id: string; label: string }) =>
      authCall((o) => authClient.passkey.deletePasskey({ id: passkey.id }, o)),
    invalidate: [passkeysKey, linkedAccountsKey],
    success: (passkey) => ({
      title: t("account.passkeys.removedTitle"),
      message: t("account.passkeys.removedMessage", { name: passkey.label }),
    }),
    failureTitle: t("account.passkeys.removeFailed"),
  });
}
