import { APIError, BASE_ERROR_CODES } from "better-auth";
import { getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import type { HookContext } from "#server/auth/overrides.ts";
import { isFreshSession } from "#server/features/accounts/freshness.ts";
import { recordLinkOutcome } from "#server/features/accounts/link-outcomes.ts";
import { passwordMatches } from "#server/features/accounts/password-check.ts";
import { assertDeleteTokenOwner } from "#server/features/accounts/tokens.ts";

/**
 * Decides whether an account may be deleted; throws an APIError to refuse. The
 * rule itself (an only owner must hand over first) lives with organizations and
 * is passed in by auth.ts, so this feature does not import another.
 */
export type DeletionCheck = (userId: string) => Promise<void>;

/**
 * POST /delete-user. better-auth 1.7, once a confirmation mail is configured,
 * mails a link even when the right password is given and never checks the
 * session's age on that path. Gatehouse: the right password deletes at once; a
 * mailed link is sent only from a fresh session (SPEC §8 "Session expired.
 * Re-authenticate to perform this action."); a mailed token still deletes.
 */
export const guardDeleteUser =
  (assertUserCanBeDeleted: DeletionCheck) =>
  async (ctx: HookContext): Promise<unknown> => {
    const session = await getSessionFromCtx(ctx);
    if (!session) return;
    await assertUserCanBeDeleted(session.user.id);
    const { password, token } = (ctx.body ?? {}) as { password?: unknown; token?: unknown };
    if (token !== undefined) {
      // Someone else's token is refused before better-auth spends it.
      if (typeof token === "string") await assertDeleteTokenOwner(ctx.context, token, session.user.id);
      return;
    }
    if (password !== undefined) {
      // A wrong password, or none on this account, is answered by better-auth.
      if (typeof password !== "string" || !(await passwordMatches(ctx.context, session.user.id, password)))
        return;
      const deleteUser = ctx.context.options.user?.deleteUser;
      await deleteUser?.beforeDelete?.(session.user, ctx.request);
      await ctx.context.internalAdapter.deleteUser(session.user.id);
      await ctx.context.internalAdapter.deleteUserSessions(session.user.id);
      deleteSessionCookie(ctx);
      await deleteUser?.afterDelete?.(session.user, ctx.request);
      // The web's "account deleted" screen shows only with this proof (link-outcomes.ts).
      const outcome = await recordLinkOutcome(ctx.context, "account-deleted");
      return ctx.json({ success: true, message: "User deleted", outcome });
    }
    if (!isFreshSession(ctx.context, session.session)) {
      throw APIError.from("BAD_REQUEST", BASE_ERROR_CODES.SESSION_EXPIRED);
    }
  };

/**
 * GET /delete-user/callback: the mailed link, checked against the same rule before anything is deleted,
 * and against its owner before better-auth spends it (better-auth spends it first, so a click from
 * another signed-in account used to cost the owner the link). Signed out, better-auth refuses before
 * spending anything.
 */
export const guardDeleteCallback =
  (assertUserCanBeDeleted: DeletionCheck) =>
  async (ctx: HookContext): Promise<void> => {
    const session = await getSessionFromCtx(ctx);
    if (!session) return;
    const { token } = (ctx.query ?? {}) as { token?: unknown };
    if (typeof token === "string") await assertDeleteTokenOwner(ctx.context, token, session.user.id);
    await assertUserCanBeDeleted(session.user.id);
  };
