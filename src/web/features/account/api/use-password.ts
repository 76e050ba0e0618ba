import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { isWrongPassword, useFreshMutation } from "./use-fresh-mutation.ts";
import { linkedAccountsKey } from "./use-linked-accounts.ts";
import { sessionsKey } from "./use-sessions.ts";

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/** POST /api/auth/change-password. A wrong current password is said next to its field, not notified. */
export function useChangePassword() {
  return useFreshMutation({
    mutationFn: (change: PasswordChange) => authCall((o) => authClient.changePassword(change, o)),
    invalidate: sessionsKey,
    success: (change) => ({
      title: t("account.password.changedTitle"),
      message: change.revokeOtherSessions
        ? t("account.password.changedOthersSignedOut")
        : t("account.password.changedUseNext"),
    }),
    failureTitle: t("account.password.changeFailed"),
    silent: isWrongPassword,
  });
}

/** POST /api/auth/set-password, for an account that signs in only with linked accounts. */
export function useSetPassword(email: string) {
  return useFreshMutation({
    mutationFn: (newPassword: string) => authCall((o) => authClient.setPassword({ newPassword }, o)),
    invalidate: linkedAccountsKey,
    success: () => ({
      title: t("account.password.setTitle"),
      message: t("account.password.setMessage", { email }),
    }),
    failureTitle: t("account.password.setFailed"),
  });
}
