import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { DELETION_REQUEST_KEY, saveDeletionRequest } from "../lib/deletion-request.ts";
import { isWrongPassword, useFreshMutation } from "./use-fresh-mutation.ts";

/** Where the mailed link (GET /api/auth/delete-user/callback) sends the browser once the account is gone. */
export const DELETED_URL = "/account/deleted";

/**
 * POST /api/auth/delete-user with the password: deleted at once, then a full load, so nothing of
 * the deleted account stays in memory. A wrong password is said next to its field.
 */
export function useDeleteWithPassword() {
  return useApiMutation({
    mutationFn: (password: string) =>
      authCall((o) => authClient.deleteUser({ password, callbackURL: DELETED_URL }, o)),
    // The answer carries the proof the "account deleted" screen asks for (a server-side outcome).
    onDone: (_, answer) => {
      const { outcome } = answer as { outcome?: string };
      window.location.assign(outcome ? `${DELETED_URL}?outcome=${encodeURIComponent(outcome)}` : DELETED_URL);
    },
    failureTitle: t("account.delete.failed"),
    silent: isWrongPassword,
  });
}

/**
 * POST /api/auth/delete-user without a password: the server mails a link valid 24 hours (fresh
 * session only). This browser remembers when, to show the deletion as pending; answers that time.
 */
export function useRequestDeletionMail(email: string) {
  return useFreshMutation({
    mutationFn: async () => {
      await authCall((o) => authClient.deleteUser({ callbackURL: DELETED_URL }, o));
      const at = Date.now();
      saveDeletionRequest(email, at);
      return at;
    },
    success: () => ({
      title: t("account.delete.mailSentTitle"),
      message: t("account.delete.mailSentMessage", { email }),
    }),
    failureTitle: t("account.delete.failed"),
  });
}

/** Once the account is gone: its session died with it, so forget it and anything cached or stored for it. */
export function useForgetDeletedAccount() {
  const queryClient = useQueryClient();
  const { refetch } = authClient.useSession();
  useEffect(() => {
    void refetch();
    // Keeps the app's settings and the link outcome this very screen stands on (removing it would fetch it
    // again, show the loader, and mount this screen anew: a loop).
    queryClient.removeQueries({
      predicate: (query) => !["config", "link-outcome"].includes(String(query.queryKey[0])),
    });
    try {
      window.localStorage.removeItem(DELETION_REQUEST_KEY);
    } catch {
      // Nothing stored, nothing to forget.
    }
  }, [refetch, queryClient]);
}
