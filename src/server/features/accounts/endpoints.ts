import { APIError, BASE_ERROR_CODES } from "better-auth";
import {
  accountInfo,
  createAuthEndpoint,
  requestPasswordReset,
  sensitiveSessionMiddleware,
  setPassword,
} from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod";
import { assertFreshSession } from "#server/features/accounts/freshness.ts";
import { passwordMatches } from "#server/features/accounts/password-check.ts";
import { voidAccountTokens } from "#server/features/accounts/tokens.ts";

/** Calling a better-auth endpoint from ours: its plain answer, which ours then returns (no cookies are set on these). */
const INNER_CALL = { asResponse: false, returnHeaders: false, returnStatus: false } as const;

/** SPEC §7 POST /forget-password: better-auth 1.7 renamed it /request-password-reset; both answer alike. */
export const forgetPassword = createAuthEndpoint(
  "/forget-password",
  {
    method: "POST",
    body: z.object({ email: z.email(), redirectTo: z.string().optional() }),
  },
  async (ctx) => requestPasswordReset({ ...ctx, ...INNER_CALL, body: ctx.body }),
);

/**
 * SPEC §7 POST /set-password: gives a password to an account that has none
 * (e.g. social sign-in only). better-auth 1.7 serves this to server code only.
 * Needs a fresh session; refused with "User already has a password set" when
 * the account has one (change it with /change-password instead). Once set, the account's outstanding
 * reset and deletion links stop working, as after any password change.
 */
export const setPasswordEndpoint = createAuthEndpoint(
  "/set-password",
  {
    method: "POST",
    body: z.object({ newPassword: z.string() }),
    use: [sensitiveSessionMiddleware],
  },
  async (ctx) => {
    assertFreshSession(ctx.context, ctx.context.session.session);
    const answer = await setPassword({ ...ctx, ...INNER_CALL, body: ctx.body });
    await voidAccountTokens(ctx.context, ctx.context.session.user.id);
    return answer;
  },
);

/** SPEC §7 POST /account-info: the same answer as better-auth's GET, the selection in the body. */
export const accountInfoPost = createAuthEndpoint(
  "/account-info",
  {
    method: "POST",
    body: z.object({
      accountId: z.string().optional(),
      providerId: z.string().optional(),
      useAccountCookie: z.literal(true).optional(),
      userId: z.string().optional(),
    }),
  },
  async (ctx) =>
    accountInfo({ ...ctx, ...INNER_CALL, method: "GET", body: undefined, query: ctx.body as never }),
);

/**
 * POST /reauthenticate { password }: proves the password again and swaps the
 * session for a new one (same active organization and team), so the actions
 * that need a fresh session (SPEC §4, §8 "Session is not fresh") work again.
 * An account without a password signs in again with its provider instead.
 */
export const reauthenticate = createAuthEndpoint(
  "/reauthenticate",
  {
    method: "POST",
    body: z.object({ password: z.string() }),
    use: [sensitiveSessionMiddleware],
  },
  async (ctx) => {
    const { session, user } = ctx.context.session;
    if (ctx.body.password.length > ctx.context.password.config.maxPasswordLength) {
      throw APIError.from("BAD_REQUEST", BASE_ERROR_CODES.PASSWORD_TOO_LONG);
    }
    const credential = await ctx.context.internalAdapter.findCredentialAccount(user.id);
    if (!credential?.password)
      throw APIError.from("BAD_REQUEST", BASE_ERROR_CODES.CREDENTIAL_ACCOUNT_NOT_FOUND);
    if (!(await passwordMatches(ctx.context, user.id, ctx.body.password))) {
      throw APIError.from("BAD_REQUEST", BASE_ERROR_CODES.INVALID_PASSWORD);
    }
    const carried = session as { activeOrganizationId?: string | null; activeTeamId?: string | null };
    const fresh = await ctx.context.internalAdapter.createSession(user.id, false, {
      activeOrganizationId: carried.activeOrganizationId ?? null,
      activeTeamId: carried.activeTeamId ?? null,
    });
    if (!fresh) throw APIError.from("INTERNAL_SERVER_ERROR", BASE_ERROR_CODES.FAILED_TO_CREATE_SESSION);
    await ctx.context.internalAdapter.deleteSession(session.token);
    await setSessionCookie(ctx, { session: fresh, user });
    return ctx.json({ status: true, token: fresh.token });
  },
);
