import type { BetterAuthPlugin } from "better-auth";
import type { OverrideObserver } from "#server/auth/overrides.ts";
import type { SecurityMails } from "#server/auth/security-mails.ts";
import {
  voidTokensAfterCredentialChange,
  voidTokensOnPasswordReset,
} from "#server/features/accounts/credential-changes.ts";
import type { DeletionCheck } from "#server/features/accounts/delete-account.ts";
import { verifyEmailFailureLanding } from "#server/features/accounts/email-change.ts";
import {
  accountInfoPost,
  forgetPassword,
  reauthenticate,
  setPasswordEndpoint,
} from "#server/features/accounts/endpoints.ts";
import { touchLastActive } from "#server/features/accounts/last-active.ts";
import { deletedLinkOutcome, linkOutcome } from "#server/features/accounts/link-outcomes.ts";
import { accountOverrideHooks } from "#server/features/accounts/overrides.ts";
import { cancelEmailChange, pendingEmailChange } from "#server/features/accounts/pending-email-change.ts";
import { addSessionDetails } from "#server/features/accounts/session-details.ts";
import type { Mailer } from "#server/mail/mailer.ts";

export interface AccountsPluginDeps {
  mailer: Mailer;
  appName: string;
  /** Refuses the deletion of an account that must not go yet (an organization's only owner). */
  assertUserCanBeDeleted: DeletionCheck;
  /** Sends a security mail (auth/security-mails.ts): a completed email change tells the old address. */
  notify: SecurityMails["notify"];
  /** Told of the answers the account guards give themselves (the audit log). */
  onOverrideAnswer?: OverrideObserver;
}

/**
 * The account requirements on top of better-auth 1.7: the SPEC §7 paths it lacks, SPEC's account
 * selection, the email-change and freshness rules, password-confirmed deletion,
 * and device details on sessions.
 */
export function accountsPlugin({
  mailer,
  appName,
  assertUserCanBeDeleted,
  notify,
  onOverrideAnswer,
}: AccountsPluginDeps) {
  return {
    id: "gatehouse-accounts",
    // A password reset voids the account's other reset links and its deletion link.
    init: (context) => ({ options: voidTokensOnPasswordReset(context) }),
    endpoints: {
      forgetPassword,
      setPasswordEndpoint,
      accountInfoPost,
      reauthenticate,
      pendingEmailChange,
      cancelEmailChange,
      linkOutcome,
    },
    hooks: {
      // The stock paths guarded (overrides.ts; docs/ARCHITECTURE.md lists them).
      before: accountOverrideHooks({ mailer, appName, assertUserCanBeDeleted, notify, onOverrideAnswer }),
      after: [
        { matcher: (ctx) => ctx.path === "/list-sessions", handler: addSessionDetails },
        { matcher: (ctx) => ctx.path === "/get-session", handler: touchLastActive },
        // A changed password or email voids the account's outstanding reset and deletion links.
        ...voidTokensAfterCredentialChange,
        deletedLinkOutcome,
        verifyEmailFailureLanding,
      ],
    },
    // Password guessing through re-authentication is limited like sign-in (on in production).
    rateLimit: [{ window: 10, max: 3, pathMatcher: (path) => path === "/reauthenticate" }],
  } satisfies BetterAuthPlugin;
}
