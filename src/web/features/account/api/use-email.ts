import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient, type Session } from "#web/lib/auth-client.ts";
import { type PendingEmailChange, savePendingEmailChange } from "../lib/pending-email.ts";
import { useFreshMutation } from "./use-fresh-mutation.ts";

/** Where both email-change links come back to. */
const RETURN_URL = "/account?section=email&emailChange=returned";

/** The address the mail goes to first: the current one approves a verified account's change (SPEC §4). */
function firstRecipient(change: PendingEmailChange): string {
  return change.twoStep ? change.from : change.to;
}

/**
 * POST /api/auth/change-email (fresh session only), remembered in this browser as the pending
 * change. `again` is a second request for the same address, from the pending notice.
 */
export function useRequestEmailChange({ again = false }: { again?: boolean } = {}) {
  return useFreshMutation({
    mutationFn: async ({ user, newEmail }: { user: Session["user"]; newEmail: string }) => {
      await authCall((o) => authClient.changeEmail({ newEmail, callbackURL: RETURN_URL }, o));
      const change: PendingEmailChange = {
        from: user.email,
        to: newEmail,
        twoStep: Boolean(user.emailVerified),
        approved: false,
        requestedAt: Date.now(),
      };
      savePendingEmailChange(change);
      return change;
    },
    success: (_, change) =>
      again
        ? { title: "Link sent again", message: `Check ${firstRecipient(change)}.` }
        : { title: "Check your inbox", message: `We sent a link to ${firstRecipient(change)}.` },
    failureTitle: again ? "Could not send the link" : "Could not start the change",
  });
}

/** POST /api/auth/send-verification-email: a new link for the current, unverified address. */
export function useSendVerificationEmail() {
  return useApiMutation({
    mutationFn: (email: string) =>
      authCall((o) => authClient.sendVerificationEmail({ email, callbackURL: "/verified" }, o)),
    success: (email) => ({ title: "Verification email sent", message: `Check ${email} for a new link.` }),
    failureTitle: "Could not send the email",
  });
}

/** The account's address as the server has it now, or null when it cannot be read. */
export async function fetchCurrentEmail(): Promise<string | null> {
  try {
    const session = await authCall((o) => authClient.getSession(undefined, o));
    return session?.user.email ?? null;
  } catch {
    return null;
  }
}
