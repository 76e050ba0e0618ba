import { APIError, BASE_ERROR_CODES } from "better-auth";
import { getSessionFromCtx } from "better-auth/api";
import type { HookContext } from "#server/auth/overrides.ts";
import { assertFreshSession } from "#server/features/accounts/freshness.ts";

/** Refused removal of a passkey that is the account's only way left to sign in. */
export const LAST_SIGN_IN_METHOD = {
  code: "CANNOT_REMOVE_LAST_SIGN_IN_METHOD",
  message: "You can't remove your last sign-in method",
} as const;

/**
 * An account keeps at least one way to sign in (SPEC §5 "The last remaining account of a user cannot be
 * unlinked", extended to passkeys): its password and linked accounts (rows of `account`) and its passkeys
 * all count. A passkey-only account is fine; an account with nothing is not.
 */
async function signInMethods(ctx: HookContext, userId: string) {
  const accounts = await ctx.context.internalAdapter.findAccounts(userId);
  const passkeys = await ctx.context.adapter.count({
    model: "passkey",
    where: [{ field: "userId", value: userId }],
  });
  return { accounts, passkeys };
}

/**
 * POST /unlink-account: the last account may go when a passkey stays (better-auth's own rule, which
 * counts accounts only, is switched off with `allowUnlinkingAll`); otherwise SPEC §8 "You can't unlink
 * your last account". Runs after the account selection is translated to a row id.
 */
export async function guardUnlinkLastMethod(ctx: HookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  // Without a session better-auth answers 401 itself.
  if (!session) return;
  const { accounts, passkeys } = await signInMethods(ctx, session.user.id);
  const accountId = (ctx.body as { accountId?: unknown } | undefined)?.accountId;
  const target = accounts.find((account) => account.id === accountId);
  if (target && accounts.length === 1 && passkeys === 0) {
    throw APIError.from("BAD_REQUEST", BASE_ERROR_CODES.FAILED_TO_UNLINK_LAST_ACCOUNT);
  }
}

/**
 * POST /passkey/delete-passkey: needs a fresh session (like unlinking an account), and the account's
 * last passkey cannot go when it has no password and no linked account.
 */
export async function guardDeletePasskey(ctx: HookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  assertFreshSession(ctx.context, session.session);
  const id = (ctx.body as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string") return;
  const owned = await ctx.context.adapter.findOne<{ userId: string }>({
    model: "passkey",
    where: [{ field: "id", value: id }],
  });
  // Someone else's or an unknown passkey: the plugin answers PASSKEY_NOT_FOUND.
  if (owned?.userId !== session.user.id) return;
  const { accounts, passkeys } = await signInMethods(ctx, session.user.id);
  if (accounts.length === 0 && passkeys <= 1) throw APIError.from("BAD_REQUEST", LAST_SIGN_IN_METHOD);
}
