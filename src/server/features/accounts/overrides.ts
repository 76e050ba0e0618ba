import { type Override, overrideHooks } from "#server/auth/overrides.ts";
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
import type { Mailer } from "#server/mail/mailer.ts";

export interface AccountOverrideDeps {
  mailer: Mailer;
  appName: string;
  assertUserCanBeDeleted: DeletionCheck;
}

/** The stock account paths Gatehouse guards (none is replaced: better-auth still answers them). */
export function accountOverrides({
  mailer,
  appName,
  assertUserCanBeDeleted,
}: AccountOverrideDeps): Override[] {
  return [
    // SPEC §3/§7 name a linked account by providerId + accountId; better-auth wants its row id.
    ...ACCOUNT_SELECTION_PATHS.map(
      (path): Override => ({ path, mode: "guard", handler: translateAccountSelection }),
    ),
    // better-auth 1.7 lets any signed-in session change the email, and mails nothing for a taken address.
    { path: "/change-email", mode: "guard", handler: requestEmailChange({ mailer, appName }) },
    // Every link is spent once; the email-change steps are Gatehouse's (verified switch, notices).
    { path: "/verify-email", mode: "guard", handler: verifyEmailLink({ mailer, appName }) },
    // The right password deletes at once; an only owner cannot delete their account.
    { path: "/delete-user", mode: "guard", handler: guardDeleteUser(assertUserCanBeDeleted) },
    { path: "/delete-user/callback", mode: "guard", handler: guardDeleteCallback(assertUserCanBeDeleted) },
  ];
}

/** The before-hooks of the account overrides. */
export const accountOverrideHooks = (deps: AccountOverrideDeps) => overrideHooks(accountOverrides(deps));
