import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import * as z from "zod";
import { defineOverride, type HookContext, type Override, overrideHooks } from "#server/auth/overrides.ts";
import { assertFreshSession, requireFreshSession } from "#server/features/accounts/freshness.ts";
import {
  followSwappedDevice,
  forgetAllDevices,
  forgetRemovedDevice,
  listTrustedDevices,
  recordTrustedDevice,
  revokeTrustedDevice,
  SIGN_IN_PATHS,
  trustedDeviceSchema,
  VERIFY_PATHS,
} from "#server/features/accounts/trusted-devices.ts";

/** Calling a better-auth endpoint from a hook: its plain answer, no cookies. */
const INNER_CALL = { asResponse: false, returnHeaders: false, returnStatus: false } as const;

/** The same budget as the second step's: five wrong codes lock for 15 minutes (strong-sign-in.ts). */
const LOCKOUT = { maxFailedAttempts: 5, durationMs: 15 * 60 * 1000 };

interface TwoFactorRow {
  id: string;
  verified?: boolean | null;
  lockedUntil?: Date | string | null;
}

type VerifyEndpoint = (ctx: unknown) => Promise<unknown>;

const locked = () =>
  APIError.from("TOO_MANY_REQUESTS", {
    code: "ACCOUNT_TEMPORARILY_LOCKED",
    message:
      "Too many failed verification attempts. Your account is temporarily locked. Please try again later.",
  });

/**
 * True when `code` is the account's current authenticator code (six digits) or one of its backup codes
 * (spent by this check), asked of better-auth's own verify endpoints with the signed-in session.
 */
async function codeMatches(ctx: HookContext, code: string): Promise<boolean> {
  const plugin = ctx.context.getPlugin("two-factor") as { endpoints?: Record<string, VerifyEndpoint> } | null;
  const totp = /^\d{6}$/.test(code);
  const endpoint = plugin?.endpoints?.[totp ? "verifyTOTP" : "verifyBackupCode"];
  if (!endpoint) throw new Error("better-auth's twoFactor plugin is not configured");
  const body = totp ? { code } : { code, disableSession: true };
  try {
    await endpoint({ ...ctx, ...INNER_CALL, body });
    return true;
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return false;
    throw error;
  }
}

/** One wrong code toward the account's lockout, as better-auth counts the second step's. */
async function recordFailure(ctx: HookContext, row: TwoFactorRow): Promise<void> {
  const counted = await ctx.context.adapter.incrementOne<{ failedVerificationCount?: number | null }>({
    model: "twoFactor",
    where: [{ field: "id", value: row.id }],
    increment: { failedVerificationCount: 1 },
  });
  if ((counted?.failedVerificationCount ?? 0) < LOCKOUT.maxFailedAttempts) return;
  await ctx.context.adapter.update({
    model: "twoFactor",
    where: [{ field: "id", value: row.id }],
    update: { lockedUntil: new Date(Date.now() + LOCKOUT.durationMs) },
  });
}

/**
 * POST /two-factor/disable needs a fresh session and a current code (authenticator or backup code) besides
 * the password better-auth asks; wrong codes count toward the same lockout as the second step's.
 */
const disableNeedsCode = defineOverride({
  path: "/two-factor/disable",
  mode: "guard",
  body: z.object({
    code: z
      .string({ error: "Enter a code from your authenticator app or a backup code" })
      .trim()
      .min(1, "Enter a code from your authenticator app or a backup code")
      .max(64, "That code is too long"),
    password: z.string().optional(),
  }),
  async handler(ctx, { body }) {
    const session = await getSessionFromCtx(ctx);
    // Without a session better-auth answers 401 itself.
    if (!session) return;
    assertFreshSession(ctx.context, session.session);
    if (!(session.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
    const row = await ctx.context.adapter.findOne<TwoFactorRow>({
      model: "twoFactor",
      where: [{ field: "userId", value: session.user.id }],
    });
    if (!row || row.verified === false) return;
    if (row.lockedUntil && new Date(row.lockedUntil).getTime() > Date.now()) throw locked();
    if (await codeMatches(ctx, body.code)) return;
    await recordFailure(ctx, row);
    throw APIError.from("BAD_REQUEST", { code: "INVALID_CODE", message: "Invalid code" });
  },
});

/** New backup codes (the old ones die) need a fresh session besides the password. */
const regenerateNeedsFreshSession = defineOverride({
  path: "/two-factor/generate-backup-codes",
  mode: "guard",
  handler: requireFreshSession,
});

/**
 * better-auth asks the password to start an enrolment or show the secret again, except of an account that
 * has none (allowPasswordless): that one needs a fresh session instead.
 */
const withoutPasswordNeedsFreshSession = (path: string): Override => ({
  path,
  mode: "guard",
  async handler(ctx) {
    const password = (ctx.body as { password?: unknown } | undefined)?.password;
    if (typeof password === "string" && password.length > 0) return;
    await requireFreshSession(ctx);
  },
});

export const twoFactorOverrides: Override[] = [
  disableNeedsCode as Override,
  regenerateNeedsFreshSession as Override,
  withoutPasswordNeedsFreshSession("/two-factor/enable"),
  withoutPasswordNeedsFreshSession("/two-factor/get-totp-uri"),
];

/** Two-factor turned off: every trusted device goes with it (a later enrolment starts with none). */
const forgetDevicesAfterDisable = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned as { status?: unknown } | undefined;
  const userId = ctx.context.newSession?.user.id;
  if (returned instanceof Error || returned?.status !== true || !userId) return;
  await forgetAllDevices(ctx, userId);
});

/**
 * Gatehouse's part of two-factor sign-in (issue 16, decision 23) beside better-auth's twoFactor plugin:
 * the trusted-devices list, and the stricter rules for turning it off and for new backup codes.
 * Registered after better-auth's plugin, so its after-hooks see the cookies that plugin set.
 */
export function twoFactorAccountPlugin() {
  return {
    id: "gatehouse-two-factor",
    schema: trustedDeviceSchema,
    endpoints: { listTrustedDevices, revokeTrustedDevice },
    hooks: {
      before: [
        { matcher: (ctx) => SIGN_IN_PATHS.has(ctx.path ?? ""), handler: forgetRemovedDevice },
        ...overrideHooks(twoFactorOverrides),
      ],
      after: [
        { matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ""), handler: recordTrustedDevice },
        { matcher: (ctx) => SIGN_IN_PATHS.has(ctx.path ?? ""), handler: followSwappedDevice },
        { matcher: (ctx) => ctx.path === "/two-factor/disable", handler: forgetDevicesAfterDisable },
      ],
    },
  } satisfies BetterAuthPlugin;
}
