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
      title: "Password changed",
      message: change.revokeOtherSessions
        ? "Your other devices have been signed out."
        : "Use your new password next time you sign in.",
    }),
    failureTitle: "Could not change your password",
    silent: isWrongPassword,
  });
}

/** POST /api/auth/set-password, for an account that signs in only with linked accounts. */
export function useSetPassword(email: string) {
  return useFreshMutation({
    mutationFn: (newPassword: string) => authCall((o) => authClient.setPassword({ newPassword }, o)),
    invalidate: linkedAccountsKey,
    success: () => ({
      title: "Password set",
      message: `You can now also sign in with ${email} and this password.`,
    }),
    failureTitle: "Could not set a password",
  });
}
