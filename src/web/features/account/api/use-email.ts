import { useQuery } from "@tanstack/react-query";
import type { PendingEmailChange } from "#shared/contracts/email-change.ts";
import { t } from "#web/i18n/i18n.ts";
import { authCall, authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { useFreshMutation } from "./use-fresh-mutation.ts";

/** Where both email-change links land, signed in or not: its screen explains each outcome. */
const RETURN_URL = "/email-change";

export const pendingEmailKey = ["account", "pending-email-change"] as const;

/** GET /api/auth/pending-email-change: the change waiting for a link, as every device of the account sees it. */
export function usePendingEmailChange(enabled = true) {
  return useQuery({
    queryKey: pendingEmailKey,
    queryFn: async () =>
      (await authRequest<{ change: PendingEmailChange | null }>("/pending-email-change")).change,
    enabled,
  });
}

/**
 * POST /api/auth/change-email (fresh session only); the server keeps the change as pending. `again` is
 * a second request for the same address, from the pending notice: it starts the steps over.
 */
export function useRequestEmailChange({ again = false }: { again?: boolean } = {}) {
  return useFreshMutation({
    mutationFn: ({ newEmail }: { newEmail: string; verified: boolean; from: string }) =>
      authCall((o) => authClient.changeEmail({ newEmail, callbackURL: RETURN_URL }, o)),
    invalidate: pendingEmailKey,
    // A verified account's change is approved from the current address first (SPEC §4).
    success: ({ newEmail, from, verified }) => {
      const to = verified ? from : newEmail;
      return again
        ? {
            title: t("account.email.sentAgainTitle"),
            message: t("account.email.sentAgainMessage", { email: to }),
          }
        : { title: t("account.email.sentTitle"), message: t("account.email.sentMessage", { email: to }) };
    },
    failureTitle: again ? t("account.email.resendFailed") : t("account.email.startFailed"),
  });
}

/** POST /api/auth/cancel-email-change: the pending change is forgotten and its mailed links stop working. */
export function useCancelEmailChange() {
  return useApiMutation({
    mutationFn: () => authRequest("/cancel-email-change", { method: "POST", body: {} }),
    invalidate: pendingEmailKey,
    success: () => ({
      title: t("account.email.cancelledTitle"),
      message: t("account.email.cancelledMessage"),
    }),
    failureTitle: t("account.email.cancelFailed"),
  });
}

/** POST /api/auth/send-verification-email: a new link for the current, unverified address. */
export function useSendVerificationEmail() {
  return useApiMutation({
    mutationFn: (email: string) =>
      authCall((o) => authClient.sendVerificationEmail({ email, callbackURL: "/verified" }, o)),
    success: (email) => ({
      title: t("account.email.verificationSentTitle"),
      message: t("account.email.verificationSentMessage", { email }),
    }),
    failureTitle: t("account.email.verificationFailed"),
  });
}
