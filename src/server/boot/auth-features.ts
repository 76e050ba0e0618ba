import type { SecondaryStorage } from "better-auth";
import { APP_NAME, INVITATION_EXPIRES_IN } from "#server/auth/auth.ts";
import type { AuthFeatures } from "#server/auth/deps.ts";
import type { Config } from "#server/boot/config.ts";
import { limitCounters } from "#server/db/limit-counters.ts";
import type { Db } from "#server/db/tables.ts";
import { accountsPlugin } from "#server/features/accounts/plugin.ts";
import { grantAdmin, shouldBecomeAdmin } from "#server/features/admin/admin-emails.ts";
import { assertNotOnlyOwner } from "#server/features/organizations/owners.ts";
import { gatehouseOrganizations } from "#server/features/organizations/plugin.ts";
import type { Mailer } from "#server/mail/mailer.ts";

/** The features' part of the better-auth instance; the auth layer takes it without importing them. */
export function authFeatures({
  config,
  db,
  mailer,
  secondaryStorage,
}: {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Redis, when configured: where mail limits are counted across instances. */
  secondaryStorage?: SecondaryStorage;
}): AuthFeatures {
  // An organization's only owner cannot delete their account, nor be deleted by an admin.
  const assertUserCanBeDeleted = (userId: string) => assertNotOnlyOwner(db, userId);
  return {
    assertUserCanBeDeleted,
    async afterUserWrite(user) {
      if (shouldBecomeAdmin(user, config.adminEmails)) await grantAdmin(db, user.id);
    },
    plugins: [
      gatehouseOrganizations({
        db,
        invitationExpiresIn: INVITATION_EXPIRES_IN,
        // Limits are on with better-auth's limiter (production).
        mailLimits: config.isProduction ? limitCounters(db, secondaryStorage) : undefined,
      }),
      accountsPlugin({ mailer, appName: APP_NAME, assertUserCanBeDeleted }),
    ],
  };
}
