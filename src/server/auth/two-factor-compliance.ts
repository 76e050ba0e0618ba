import { APIError } from "better-auth/api";
import { type RawBuilder, sql } from "kysely";
import type { HookContext } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";

/**
 * Strong sign-in, as the policies count it (issue 16): two-factor on (an authenticator app confirmed, better-auth's
 * `user.twoFactorEnabled`) OR at least one passkey. The one definition every policy check and list uses.
 */

/**
 * 1 when the joined `user` row has strong sign-in, else 0: a SQL expression for queries that join `user`
 * (a CASE, so that SQLite's 0/1 and PostgreSQL's booleans read alike).
 */
export function strongSignInFlag(): RawBuilder<number> {
  return sql<number>`case when ${sql.ref("user.twoFactorEnabled")} then 1 when exists (select 1 from ${sql.table(
    "passkey",
  )} where ${sql.ref("passkey.userId")} = ${sql.ref("user.id")}) then 1 else 0 end`;
}

/** Whether the user has two-factor on or a passkey (false for an unknown user). */
export async function hasStrongSignIn(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select(strongSignInFlag().as("strong"))
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(row?.strong ?? 0) === 1;
}

/** What a user's strong sign-in looks like, for the admin's view of them. */
export async function strongSignInStatus(db: Db, userId: string) {
  const [user, passkeys] = await Promise.all([
    db.selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("passkey")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("userId", "=", userId)
      .executeTakeFirst(),
  ]);
  const twoFactorEnabled = Boolean(user?.twoFactorEnabled);
  const passkeyCount = Number(passkeys?.n ?? 0);
  return { twoFactorEnabled, passkeys: passkeyCount, compliant: twoFactorEnabled || passkeyCount > 0 };
}

/** 403 from every call of an organization that requires strong sign-in, to a member without it. */
export const ORGANIZATION_TWO_FACTOR_MESSAGE = {
  code: ERROR_CODES.twoFactorRequiredByOrganization,
  message:
    "This organization requires two-factor authentication: turn on an authenticator app or add a passkey in your account's Security section",
} as const;

/**
 * The same refusal for a path another plugin answers before the organizations feature's hook runs (API key
 * creation, api-keys.ts): 403 when `organizationId` requires strong sign-in and `userId` lacks it.
 */
export async function assertOrganizationPolicy(ctx: HookContext, organizationId: string, userId: string) {
  const { adapter } = ctx.context;
  const organization = await adapter.findOne<{ requireTwoFactor?: boolean | null }>({
    model: "organization",
    where: [{ field: "id", value: organizationId }],
  });
  if (!organization?.requireTwoFactor) return;
  const user = await adapter.findOne<{ twoFactorEnabled?: boolean | null }>({
    model: "user",
    where: [{ field: "id", value: userId }],
  });
  if (user?.twoFactorEnabled) return;
  if ((await adapter.count({ model: "passkey", where: [{ field: "userId", value: userId }] })) > 0) return;
  throw APIError.from("FORBIDDEN", ORGANIZATION_TWO_FACTOR_MESSAGE);
}

/** REQUIRE_2FA_FOR_ADMINS=1: what an admin without two-factor or a passkey gets from the admin area (403). */
export const ADMIN_TWO_FACTOR_MESSAGE = {
  code: ERROR_CODES.twoFactorRequiredForAdmins,
  message:
    "The admin area requires two-factor authentication: turn on an authenticator app or add a passkey in your account's Security section",
} as const;

/**
 * Whether `userId`, an admin, is refused the admin area: REQUIRE_2FA_FOR_ADMINS is on and they have neither
 * two-factor nor a passkey. Shared by the admin area's guards (features/admin/two-factor-guard.ts) and by the
 * installation-wide audit log and webhooks.
 */
export async function adminLacksTwoFactor(db: Db, required: boolean, userId: string): Promise<boolean> {
  return required && !(await hasStrongSignIn(db, userId));
}
