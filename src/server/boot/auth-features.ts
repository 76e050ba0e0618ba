import type { SecondaryStorage } from "better-auth";
import { openAPI } from "better-auth/plugins";
import { APP_NAME, INVITATION_EXPIRES_IN } from "#server/auth/auth.ts";
import type { AuthFeatures } from "#server/auth/deps.ts";
import { createSecurityMails } from "#server/auth/security-mails.ts";
import { ssoPlugin } from "#server/auth/sso.ts";
import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import { limitCounters } from "#server/db/limit-counters.ts";
import type { Db } from "#server/db/tables.ts";
import { accountsPlugin } from "#server/features/accounts/plugin.ts";
import { twoFactorAccountPlugin } from "#server/features/accounts/two-factor.ts";
import { grantAdmin, shouldBecomeAdmin } from "#server/features/admin/admin-emails.ts";
import { banNotice } from "#server/features/admin/ban-notice.ts";
import { adminTwoFactorGuard } from "#server/features/admin/two-factor-guard.ts";
import { adminUserSearch } from "#server/features/admin/user-search.ts";
import { applicationsPlugin } from "#server/features/applications/plugin.ts";
import { auditPlugin } from "#server/features/audit/plugin.ts";
import { inviteLinksPlugin } from "#server/features/organizations/invite-links-plugin.ts";
import { assertNotOnlyOwner } from "#server/features/organizations/owners.ts";
import { ownershipTransfer } from "#server/features/organizations/ownership-endpoints.ts";
import { gatehouseOrganizations } from "#server/features/organizations/plugin.ts";
import { twoFactorPolicy } from "#server/features/organizations/two-factor-policy.ts";
import { scimPlugin } from "#server/features/scim/plugin.ts";
import { ssoRulesPlugin } from "#server/features/sso/plugin.ts";
import { ssoSignIn } from "#server/features/sso/sign-in.ts";
import { ssoTests } from "#server/features/sso/tests.ts";
import type { Mailer } from "#server/mail/mailer.ts";

/** The features' part of the better-auth instance; the auth layer takes it without importing them. */
export function authFeatures({
  config,
  db,
  mailer,
  secondaryStorage,
  logger,
}: {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Redis, when configured: where mail limits are counted across instances. */
  secondaryStorage?: SecondaryStorage;
}): AuthFeatures {
  // An organization's only owner cannot delete their account, nor be deleted by an admin.
  const assertUserCanBeDeleted = (userId: string) => assertNotOnlyOwner(db, userId);
  // Security mails (new device, password, email, two-factor, passkey, backup codes) and "this wasn't me".
  const securityMails = createSecurityMails({
    appName: APP_NAME,
    baseURL: config.baseURL,
    mailer,
    trustProxy: config.trustProxy,
  });
  // The audit log: what is recorded is decided in features/audit (decision 30).
  const audit = auditPlugin({ db, logger });
  // Enterprise single sign-on (issue 19, decision 37): better-auth's plugin, Gatehouse's rules around it.
  const tests = ssoTests(db);
  return {
    assertUserCanBeDeleted,
    onOverrideAnswer: audit.onOverrideAnswer,
    invitationCreated: audit.invitationCreated,
    async afterUserWrite(user) {
      if (shouldBecomeAdmin(user, config.adminEmails)) await grantAdmin(db, user.id);
    },
    plugins: [
      // First: its before-hooks read what a path is about to change before any guard acts on it.
      audit.plugin,
      // Before the organization overrides below, which answer their paths themselves.
      twoFactorPolicy(db),
      gatehouseOrganizations({
        db,
        invitationExpiresIn: INVITATION_EXPIRES_IN,
        // Limits are on with better-auth's limiter (production).
        mailLimits: config.isProduction ? limitCounters(db, secondaryStorage) : undefined,
        invitationResent: audit.invitationResent,
      }),
      // Invite links (issue 18): their own endpoints, none of the stock paths.
      inviteLinksPlugin({ db, baseURL: config.baseURL }),
      // Ownership transfer (issue 18, decision 35): offer, withdraw, accept once.
      ownershipTransfer({ db, mailer, appName: APP_NAME, baseURL: config.baseURL }),
      accountsPlugin({
        mailer,
        appName: APP_NAME,
        assertUserCanBeDeleted,
        notify: securityMails.notify,
        onOverrideAnswer: audit.onOverrideAnswer,
      }),
      securityMails.plugin,
      // Trusted devices listed and removable, code-confirmed disable (after better-auth's twoFactor).
      twoFactorAccountPlugin(),
      applicationsPlugin({ db, baseURL: config.baseURL }),
      ssoPlugin(ssoSignIn({ db, logger, tests })),
      ssoRulesPlugin({ db, tests, baseURL: config.baseURL, fetchPolicy: config.webhooks }),
      adminTwoFactorGuard(db, config.requireTwoFactorForAdmins),
      // After the guard above: one search over name and address (issue 20).
      adminUserSearch({ db, kind: config.database.kind }),
      // A banned person's open tab learns why on the sign-in page (issue 20).
      banNotice(),
      // SCIM 2.0 provisioning per organization (issue 19, decision 38): /api/auth/scim/v2/*.
      scimPlugin(db),
      // GET /api/auth/open-api/generate-schema: the auth API's OpenAPI document, which features/reference
      // merges with the product routes. Its Scalar page loads a script from a CDN: off (decision 20).
      openAPI({ disableDefaultReference: true }),
    ],
  };
}
