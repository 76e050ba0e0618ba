import { APIError, BASE_ERROR_CODES } from "better-auth";
import { getSessionFromCtx } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import type { HookContext } from "#server/auth/overrides.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { emailChangedMail } from "#server/mail/templates.ts";

interface EmailChangeClaims {
  userId: string;
  /** The address the account has now. */
  email: string;
  updateTo: string;
}

async function emailChangeClaims(token: string, secret: string): Promise<EmailChangeClaims | null> {
  const claims = await verifyJWT(token, secret);
  if (claims?.requestType !== "change-email-verification") return null;
  const { userId, email, updateTo } = claims;
  if (typeof userId !== "string" || typeof email !== "string" || typeof updateTo !== "string") return null;
  return { userId, email, updateTo };
}

/** `callbackURL` with `?error=code`, keeping a relative path relative. */
function withError(callbackURL: string, code: string): string {
  const url = new URL(callbackURL, "http://relative.invalid");
  url.searchParams.set("error", code);
  return url.origin === "http://relative.invalid"
    ? `${url.pathname}${url.search}${url.hash}`
    : url.toString();
}

/**
 * The last step of an email change: the new address's own verification link.
 * better-auth 1.7 switches the address but keeps emailVerified as it was, so an
 * unverified account stays unverified even though the new address has just
 * proved itself (SPEC §4: verification sets emailVerified to true), and nobody
 * tells the old address. Gatehouse answers this one link itself: the account
 * switches, verified, and a previously verified old address gets a notice.
 * Every other link, and every failure better-auth already explains, stays
 * with better-auth.
 */
export function completeEmailChange({ mailer, appName }: { mailer: Mailer; appName: string }) {
  return async (ctx: HookContext): Promise<unknown> => {
    const { token, callbackURL } = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown };
    if (typeof token !== "string") return;
    // An untrusted callbackURL is refused by better-auth's own origin check.
    if (callbackURL !== undefined) {
      if (typeof callbackURL !== "string") return;
      if (!ctx.context.isTrustedOrigin(callbackURL, { allowRelativePaths: true })) return;
    }
    const change = await emailChangeClaims(token, ctx.context.secret);
    if (!change) return;
    const user = await ctx.context.internalAdapter.findUserById(change.userId);
    // Used twice, or the account changed since: better-auth answers with its error code.
    if (!user || user.email.toLowerCase() !== change.email) return;
    const session = await getSessionFromCtx(ctx);
    if (session && session.user.id !== user.id) return;

    if (await ctx.context.internalAdapter.findUserByEmail(change.updateTo)) {
      // Someone took the address between the request and this click.
      const taken = BASE_ERROR_CODES.USER_ALREADY_EXISTS;
      if (callbackURL) throw ctx.redirect(withError(callbackURL, taken.code));
      throw APIError.from("CONFLICT", taken);
    }
    const updated = await ctx.context.internalAdapter.updateUser(user.id, {
      email: change.updateTo,
      emailVerified: true,
    });
    if (user.emailVerified) {
      await mailer.sendMail(
        user.email,
        emailChangedMail({ appName, name: user.name, newEmail: change.updateTo }),
      );
    }
    if (callbackURL) throw ctx.redirect(callbackURL);
    return ctx.json({
      status: true,
      user: { id: user.id, email: updated?.email ?? change.updateTo, emailVerified: true },
    });
  };
}
