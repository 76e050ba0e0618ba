import { type Override, type OverrideObserver, overrideHooks } from "#server/auth/overrides.ts";
import type { SecurityMails } from "#server/auth/security-mails.ts";
import {
  ACCOUNT_SELECTION_PATHS,
  translateAccountSelection,
} from "#server/features/accounts/account-selection.ts";
import {
  type DeletionCheck,
  guardDeleteCallback,
  guardDeleteUser,
} from "#server/features/accounts/delete-account.ts";
import { requestEmailChange, verifyEmailLink } from "#server/features/accounts/email-change.ts";
import { guardDeletePasskey, guardUnlinkLastMethod } from "#server/features/accounts/sign-in-methods.ts";
import type { Mailer } from "#server/mail/mailer.ts";

export interface AccountOverrideDeps {
  mailer: Mailer;
  appName: string;
  assertUserCanBeDeleted: DeletionCheck;
  notify: SecurityMails["notify"];
  /** Told of the answers these guards give themselves (the audit log). */
  onOverrideAnswer?: OverrideObserver;
}

/** The stock account paths Gatehouse guards (none is replaced: better-auth still answers them). */
export function accountOverrides({
  mailer,
  appName,
  assertUserCanBeDeleted,
  notify,
}: AccountOverrideDeps): Override[] {
  return [
    // SPEC §3/§7 name a linked account by providerId + accountId; better-auth wants its row id.
    ...ACCOUNT_SELECTION_PATHS.map(
      (path): Override => ({ path, mode: "guard", handler: translateAccountSelection }),
    ),
    // The last way to sign in stays: passkeys count as one (after the selection above is translated).
    { path: "/unlink-account", mode: "guard", handler: guardUnlinkLastMethod },
    { path: "/passkey/delete-passkey", mode: "guard", handler: guardDeletePasskey },
    // better-auth 1.7 lets any signed-in session change the email, and mails nothing for a taken address.
    { path: "/change-email", mode: "guard", handler: requestEmailChange({ mailer, appName }) },
    // Every link is spent once; the email-change steps are Gatehouse's (verified switch, notices).
    { path: "/verify-email", mode: "guard", handler: verifyEmailLink({ mailer, appName, notify }) },
    // The right password deletes at once; an only owner cannot delete their account.
    { path: "/delete-user", mode: "guard", handler: guardDeleteUser(assertUserCanBeDeleted) },
    { path: "/delete-user/callback", mode: "guard", handler: guardDeleteCallback(assertUserCanBeDeleted) },
  ];
}

/** The before-hooks of the account overrides. */
export const accountOverrideHooks = (deps: AccountOverrideDeps) =>
  overrideHooks(accountOverrides(deps), deps.onOverrideAnswer);
