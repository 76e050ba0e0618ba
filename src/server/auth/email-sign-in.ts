import { createHmac, randomInt } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { emailOTP, magicLink, twoFactor } from "better-auth/plugins";
import { z } from "zod";
import { defineOverride, type HookContext, overrideHooks } from "#server/auth/overrides.ts";
import { twoFactorOptions } from "#server/auth/strong-sign-in.ts";
import type { Config } from "#server/boot/config.ts";
import { mailLocale } from "#server/mail/i18n.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { signInCodeMail, signInLinkMail } from "#server/mail/templates.ts";
import { LIMITS } from "#shared/limits.ts";

/** Email codes: 6 digits, valid 10 minutes, used once, 5 wrong tries per code (issue 16). */
export const EMAIL_CODE = { digits: 6, expiresInSeconds: 10 * 60, allowedAttempts: 5 } as const;
/** Sign-in links: valid 10 minutes, used once. */
export const SIGN_IN_LINK_SECONDS = 10 * 60;

/** The emailOTP paths Gatehouse does not use (verification, password reset and email change by code). */
const UNUSED_CODE_PATHS = [
  "/email-otp/check-verification-otp",
  "/email-otp/verify-email",
  "/email-otp/request-password-reset",
  "/forget-password/email-otp",
  "/email-otp/reset-password",
  "/email-otp/request-email-change",
  "/email-otp/change-email",
];

/** Where a sign-in link lands: a page of the web app that spends the token with a request of its own. */
export const SIGN_IN_LINK_PAGE = "/sign-in/link";

export interface EmailSignInDeps {
  appName: string;
  mailer: Mailer;
  config: Pick<Config, "baseURL" | "secret" | "emailSignIn" | "locales" | "defaultLocale">;
}

const sendCodeBody = z.object({
  email: z.string().max(LIMITS.email),
  type: z.literal("sign-in", { message: "Only sign-in codes are sent" }),
});

/**
 * Sign-in with a code or a link mailed to an existing account's address (better-auth's emailOTP and
 * magicLink, each on with its setting). Neither makes accounts: sign-up stays the sign-up form, with its
 * password and verified address. An unknown address gets the same answer as a known one and no mail;
 * a code asked for it is stored like any other, so expiry and wrong-code counts answer alike too.
 * An account with two-factor on still goes through the second step (decision 27).
 */
export function emailSignInPlugins(deps: EmailSignInDeps): BetterAuthPlugin[] {
  const enabled = deps.config.emailSignIn;
  if (!enabled.code && !enabled.link) return [];
  // Codes and link tokens are stored as keyed hashes: a copy of the table signs nobody in.
  const secret = deps.config.secret;
  const hash = async (value: string) => createHmac("sha256", secret).update(value).digest("base64url");
  const plugins: BetterAuthPlugin[] = [];
  const guardedPaths: string[] = [];

  if (enabled.code) {
    plugins.push(
      emailOTP({
        otpLength: EMAIL_CODE.digits,
        expiresIn: EMAIL_CODE.expiresInSeconds,
        allowedAttempts: EMAIL_CODE.allowedAttempts,
        disableSignUp: true,
        storeOTP: { hash },
        // Codes are sent by the override below; the plugin itself is never asked to send one.
        sendVerificationOTP: async () => {},
      }),
    );
    guardedPaths.push("/sign-in/email-otp");
  }
  if (enabled.link) {
    plugins.push(
      magicLink({
        expiresIn: SIGN_IN_LINK_SECONDS,
        disableSignUp: true,
        storeToken: { type: "custom-hasher", hash },
        async sendMagicLink({ email, token, url }, ctx) {
          const found = await ctx?.context.internalAdapter.findUserByEmail(email.toLowerCase());
          if (!found) return;
          const callbackURL = new URL(url).searchParams.get("callbackURL") ?? "/";
          const page = new URL(`${deps.config.baseURL}${SIGN_IN_LINK_PAGE}`);
          page.searchParams.set("token", token);
          if (callbackURL !== "/") page.searchParams.set("redirect", callbackURL);
          await deps.mailer.sendMail(
            found.user.email,
            signInLinkMail({
              locale: mailLocale(deps.config, { user: found.user, request: ctx?.request ?? ctx?.headers }),
              appName: deps.appName,
              name: found.user.name,
              url: page.toString(),
              minutes: SIGN_IN_LINK_SECONDS / 60,
            }),
          );
        },
      }),
    );
    guardedPaths.push("/magic-link/verify");
  }

  // better-auth's second step runs after the password sign-ins only; the same step, on these paths too.
  const secondStep = twoFactor(twoFactorOptions(deps.appName)).hooks.after[0];
  plugins.push({
    id: "gatehouse-email-sign-in",
    hooks: {
      before: [
        {
          matcher: (ctx) => enabled.code && UNUSED_CODE_PATHS.includes(ctx.path ?? ""),
          handler: createAuthMiddleware(async () => {
            throw APIError.from("NOT_FOUND", { code: "NOT_FOUND", message: "Not found" });
          }),
        },
        ...overrideHooks([
          ...(enabled.code
            ? [
                defineOverride({
                  path: "/email-otp/send-verification-otp",
                  mode: "replace",
                  body: sendCodeBody,
                  handler: (ctx, { body }) => sendCode(ctx, deps, hash, body.email),
                }),
              ]
            : []),
          ...(enabled.link
            ? [{ path: "/magic-link/verify", mode: "guard" as const, handler: refuseDeadLink(hash) }]
            : []),
        ]),
      ],
      after: secondStep
        ? [{ matcher: (ctx) => guardedPaths.includes(ctx.path ?? ""), handler: secondStep.handler }]
        : [],
    },
  } satisfies BetterAuthPlugin);
  return plugins;
}

/** The emailOTP plugin's identifier of an address's sign-in code. */
const codeIdentifier = (email: string) => `sign-in-otp-${email}`;

/**
 * POST /email-otp/send-verification-otp, sign-in codes only. A code is stored for every valid address
 * (better-auth's plugin deletes the one of an unknown address at once, so its expiry and attempt answers
 * told which addresses have accounts); only an account's address is mailed. A new code replaces the last.
 */
async function sendCode(
  ctx: HookContext,
  deps: EmailSignInDeps,
  hash: (value: string) => Promise<string>,
  rawEmail: string,
): Promise<unknown> {
  const email = rawEmail.trim().toLowerCase();
  if (!z.email().safeParse(email).success) {
    throw APIError.from("BAD_REQUEST", { code: "INVALID_EMAIL", message: "Invalid email" });
  }
  const code = String(randomInt(0, 10 ** EMAIL_CODE.digits)).padStart(EMAIL_CODE.digits, "0");
  const { internalAdapter } = ctx.context;
  const identifier = codeIdentifier(email);
  await internalAdapter.deleteVerificationByIdentifier(identifier);
  await internalAdapter.createVerificationValue({
    identifier,
    value: `${await hash(code)}:0`,
    expiresAt: new Date(Date.now() + EMAIL_CODE.expiresInSeconds * 1000),
  });
  const found = await internalAdapter.findUserByEmail(email);
  if (found) {
    await deps.mailer.sendMail(
      found.user.email,
      signInCodeMail({
        locale: mailLocale(deps.config, { user: found.user, request: ctx.request ?? ctx.headers }),
        appName: deps.appName,
        name: found.user.name,
        code,
        minutes: EMAIL_CODE.expiresInSeconds / 60,
      }),
    );
  }
  return ctx.json({ success: true });
}

/**
 * GET /magic-link/verify asked for JSON (no callbackURL, as the web's landing page asks): a spent, expired
 * or unknown token is a 400 in Gatehouse's error form, where better-auth would redirect to the site's root.
 */
function refuseDeadLink(hash: (value: string) => Promise<string>) {
  return async (ctx: HookContext): Promise<unknown> => {
    const { token, callbackURL } = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown };
    if (typeof token !== "string" || callbackURL !== undefined) return;
    const row = await ctx.context.internalAdapter.findVerificationValue(`magic-link:${await hash(token)}`);
    if (!row || new Date(row.expiresAt).getTime() <= Date.now()) {
      throw APIError.from("BAD_REQUEST", {
        code: "INVALID_TOKEN",
        message: "This sign-in link has expired or was already used. Ask for a new one.",
      });
    }
  };
}
