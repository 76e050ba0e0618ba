import { APIError, BASE_ERROR_CODES } from "better-auth";
import {
  createAuthMiddleware,
  createEmailVerificationToken,
  getSessionFromCtx,
  isAPIError,
} from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import * as z from "zod";
import type { HookContext } from "#server/auth/overrides.ts";
import type { SecurityMails } from "#server/auth/security-mails.ts";
import { isEmailChangeToken } from "#server/auth/verification-token.ts";
import { requireFreshSession } from "#server/features/accounts/freshness.ts";
import { recordLinkOutcome, withParams } from "#server/features/accounts/link-outcomes.ts";
import {
  clearPendingEmailChange,
  readPendingEmailChange,
  savePendingEmailChange,
} from "#server/features/accounts/pending-email-change.ts";
import { spendSignedLink, voidAccountTokens } from "#server/features/accounts/tokens.ts";
import { mailLocale } from "#server/mail/i18n.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { emailInUseMail } from "#server/mail/templates.ts";

interface EmailChangeDeps {
  mailer: Mailer;
  appName: string;
  /** Only the link steps need it: the completed change is a security mail to the old address. */
  notify?: SecurityMails["notify"];
}

/** What a mailed /verify-email link carries (a JWT signed by better-auth). */
interface LinkClaims {
  /** The address the account had when the link was made. */
  email: string;
  updateTo?: string;
  userId?: string;
  requestType?: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

type LinkUser = { id: string; email: string; name: string; emailVerified: boolean };

async function linkClaims(token: string, secret: string): Promise<LinkClaims | null> {
  const claims = await verifyJWT(token, secret);
  if (!claims || typeof claims.email !== "string" || typeof claims.exp !== "number") return null;
  const optional = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    email: claims.email,
    exp: claims.exp,
    updateTo: optional(claims.updateTo),
    userId: optional(claims.userId),
    requestType: optional(claims.requestType),
  };
}

/**
 * Where a failed link goes: its callbackURL when that is the link's own screen (/email-change, /verified),
 * else that screen with the callbackURL kept as `next`. Sign-in asks for verification links back to "/",
 * which only a signed-in visitor reaches and which says nothing about a link, so a dead link used to fail
 * silently.
 */
function failedLinkTarget(callbackURL: string, token: string, code: string): string {
  const screen = isEmailChangeToken(token) ? "/email-change" : "/verified";
  if (new URL(callbackURL, "http://relative.invalid").pathname === screen) {
    return withParams(callbackURL, { error: code });
  }
  return withParams(screen, { error: code, next: callbackURL });
}

/** better-auth's own answer to a bad link: a redirect with ?error= when there is somewhere to go, else a 401. */
function refuse(ctx: HookContext, callbackURL: string | undefined, error: { code: string; message: string }) {
  const { token } = ctx.query as { token: string };
  if (callbackURL) return ctx.redirect(failedLinkTarget(callbackURL, token, error.code));
  return APIError.from("UNAUTHORIZED", error);
}

/** better-auth's own refusals of a /verify-email link (expired, forged, unknown user) land the same way. */
export const verifyEmailFailureLanding = {
  matcher: (ctx: { path?: string }) => ctx.path === "/verify-email",
  handler: createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const { token, callbackURL } = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown };
    if (!isAPIError(returned) || returned.statusCode !== 302) return;
    if (typeof token !== "string" || typeof callbackURL !== "string") return;
    const location = returned.headers instanceof Headers ? returned.headers.get("location") : null;
    const code = location && new URL(location, "http://relative.invalid").searchParams.get("error");
    if (!code) return;
    const target = failedLinkTarget(callbackURL, token, code);
    if (target !== location) throw ctx.redirect(target);
  }),
};

/**
 * True when an email-change link belongs to the account's pending change at the step it performs: a change
 * cancelled or replaced since, or a step already taken (another copy of the approval link), is refused even
 * though its signed token is still within its hour.
 */
async function matchesPendingChange(ctx: HookContext, user: LinkUser, claims: LinkClaims): Promise<boolean> {
  const pending = await readPendingEmailChange(ctx.context, user);
  if (!pending || pending.to !== claims.updateTo?.toLowerCase()) return false;
  if (claims.requestType === "change-email-confirmation") return pending.step === "approve";
  return claims.requestType === "change-email-verification";
}

/**
 * The account a link acts for, checked as better-auth checks it: the bound user still has the address
 * the link was made for and, on an email change, the browser is signed out or signed in as that user.
 * Null hands the link to better-auth, which explains the failure — without spending it.
 */
async function linkOwner(ctx: HookContext, claims: LinkClaims): Promise<LinkUser | null> {
  const internal = ctx.context.internalAdapter;
  if (claims.updateTo === undefined) {
    const found = await internal.findUserByEmail(claims.email);
    if (!found || (claims.userId && claims.userId !== found.user.id)) return null;
    return found.user;
  }
  if (!claims.userId) return null;
  const user = await internal.findUserById(claims.userId);
  if (!user || user.email.toLowerCase() !== claims.email) return null;
  const session = await getSessionFromCtx(ctx);
  if (session && session.user.id !== user.id) return null;
  return user;
}

/**
 * GET /verify-email. Every link it serves is a JWT that better-auth 1.7 accepts until it expires, so a
 * replayed email-change approval mailed the new address again on every click, and a verification link
 * signed in again. Gatehouse spends each link once, after checking whom it is for. Gatehouse also serves
 * the two email-change steps itself (approveEmailChange, completeEmailChange); a plain verification goes
 * on to better-auth.
 */
export function verifyEmailLink(deps: EmailChangeDeps) {
  return async (ctx: HookContext): Promise<unknown> => {
    const { token, callbackURL } = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown };
    if (typeof token !== "string") return;
    // An untrusted callbackURL is refused by better-auth's own origin check.
    if (callbackURL !== undefined) {
      if (typeof callbackURL !== "string") return;
      if (!ctx.context.isTrustedOrigin(callbackURL, { allowRelativePaths: true })) return;
    }
    const claims = await linkClaims(token, ctx.context.secret);
    if (!claims) return;
    const user = await linkOwner(ctx, claims);
    if (!user) return;
    if (claims.updateTo !== undefined && !(await matchesPendingChange(ctx, user, claims))) {
      throw refuse(ctx, callbackURL, BASE_ERROR_CODES.INVALID_TOKEN);
    }
    if (!(await spendSignedLink(ctx.context, token, user.id, claims.exp))) {
      throw refuse(ctx, callbackURL, BASE_ERROR_CODES.INVALID_TOKEN);
    }
    if (claims.updateTo === undefined) return;
    const step: Step = { user, email: claims.email, updateTo: claims.updateTo, callbackURL };
    if (claims.requestType === "change-email-confirmation") return approveEmailChange(ctx, deps, step);
    if (claims.requestType === "change-email-verification") return completeEmailChange(ctx, deps, step);
  };
}

/** One email-change step: whose account, from which address to which, and where the browser goes next. */
interface Step {
  user: LinkUser;
  email: string;
  updateTo: string;
  callbackURL: string | undefined;
}

/** A signed email-change link for `step`, as better-auth makes them, with the step's callbackURL. */
async function changeLink(
  ctx: HookContext,
  step: Step,
  requestType: "change-email-confirmation" | "change-email-verification",
): Promise<{ token: string; url: string }> {
  const { secret, baseURL, options } = ctx.context;
  const token = await createEmailVerificationToken(
    secret,
    step.email,
    step.updateTo,
    options.emailVerification?.expiresIn,
    { requestType, userId: step.user.id },
  );
  const url = `${baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(step.callbackURL || "/")}`;
  return { token, url };
}

/**
 * The old address approved the change. A free new address is asked to confirm itself with its own
 * link; a taken one gets a notice instead, so the requester's side looks the same either way and no
 * link could ever point one account at another's address.
 */
async function approveEmailChange(
  ctx: HookContext,
  { mailer, appName }: EmailChangeDeps,
  step: Step,
): Promise<unknown> {
  // The change now waits for the new address, as long as its new link lives.
  await savePendingEmailChange(ctx.context, step.user.id, {
    from: step.email,
    to: step.updateTo,
    step: "confirm",
  });
  const holder = await ctx.context.internalAdapter.findUserByEmail(step.updateTo);
  if (holder) {
    const locale = mailLocale(mailer.languages, { user: holder.user, request: ctx.request ?? ctx.headers });
    await mailer.sendMail(step.updateTo, emailInUseMail({ locale, appName, name: holder.user.name }));
  } else {
    const { token, url } = await changeLink(ctx, step, "change-email-verification");
    await ctx.context.options.emailVerification?.sendVerificationEmail?.(
      { user: { ...step.user, email: step.updateTo } as never, url, token },
      ctx.request,
    );
  }
  if (step.callbackURL) {
    const outcome = await recordLinkOutcome(ctx.context, "email-change-approved", step.updateTo);
    throw ctx.redirect(withParams(step.callbackURL, { outcome }));
  }
  return ctx.json({ status: true });
}

/**
 * The last step: the new address's own link. better-auth 1.7 switches the address but keeps
 * emailVerified as it was, so an unverified account stays unverified even though the new address has
 * just proved itself (SPEC §4: verification sets emailVerified to true), and nobody tells the old
 * address. Gatehouse switches the account, verified, voids the reset and deletion links mailed before,
 * and tells a previously verified old address.
 */
async function completeEmailChange(
  ctx: HookContext,
  { notify }: EmailChangeDeps,
  { user, updateTo, callbackURL }: Step,
): Promise<unknown> {
  const { internalAdapter } = ctx.context;
  if (await internalAdapter.findUserByEmail(updateTo)) {
    // Someone took the address between the request and this click.
    const taken = BASE_ERROR_CODES.USER_ALREADY_EXISTS;
    await clearPendingEmailChange(ctx.context, user.id);
    if (callbackURL) throw refuse(ctx, callbackURL, taken);
    throw APIError.from("CONFLICT", taken);
  }
  const updated = await internalAdapter.updateUser(user.id, { email: updateTo, emailVerified: true });
  await voidAccountTokens(ctx.context, user.id);
  await clearPendingEmailChange(ctx.context, user.id);
  if (user.emailVerified) {
    await notify?.(ctx, "email-changed", user, { newEmail: updateTo });
  }
  if (callbackURL) {
    const outcome = await recordLinkOutcome(ctx.context, "email-changed", updateTo);
    throw ctx.redirect(withParams(callbackURL, { outcome }));
  }
  return ctx.json({
    status: true,
    user: { id: user.id, email: updated?.email ?? updateTo, emailVerified: true },
  });
}

/**
 * POST /change-email. better-auth 1.7 needs no fresh session here, and for an address that already has
 * an account it answers alike but mails nothing, so the requester's inbox told which addresses are
 * taken. Gatehouse asks for a fresh session and, for a taken address, sends what a free one would get
 * on the requester's side: the approval mail to a verified requester (its click then only notifies the
 * address's owner), or, for an unverified requester (whose free change mails only the new address), a
 * notice to the owner. Free addresses go on to better-auth.
 */
export function requestEmailChange({ mailer, appName }: EmailChangeDeps) {
  return async (ctx: HookContext): Promise<unknown> => {
    await requireFreshSession(ctx);
    const session = await getSessionFromCtx(ctx);
    if (!session) return;
    const { newEmail, callbackURL } = (ctx.body ?? {}) as { newEmail?: unknown; callbackURL?: unknown };
    if (typeof newEmail !== "string") return;
    if (callbackURL !== undefined) {
      if (typeof callbackURL !== "string") return;
      if (!ctx.context.isTrustedOrigin(callbackURL, { allowRelativePaths: true })) return;
    }
    const { internalAdapter, options } = ctx.context;
    const address = newEmail.toLowerCase();
    // A malformed address is refused by better-auth, and the requester's own answered "Email is the same".
    if (!z.email().safeParse(address).success || address === session.user.email.toLowerCase()) return;
    // Every device of the account shows the change, and its links must match it (verifyEmailLink).
    await savePendingEmailChange(ctx.context, session.user.id, {
      from: session.user.email,
      to: address,
      step: session.user.emailVerified ? "approve" : "confirm",
    });
    const holder = await internalAdapter.findUserByEmail(address);
    // A free address goes on to better-auth, which mails the first link.
    if (!holder || holder.user.id === session.user.id) return;

    const confirm = options.user?.changeEmail?.sendChangeEmailConfirmation;
    if (session.user.emailVerified && confirm) {
      const step = { user: session.user, email: session.user.email, updateTo: address, callbackURL };
      const { token, url } = await changeLink(ctx, step, "change-email-confirmation");
      await confirm({ user: session.user, newEmail: address, url, token }, ctx.request);
    } else {
      const locale = mailLocale(mailer.languages, { user: holder.user, request: ctx.request ?? ctx.headers });
      await mailer.sendMail(address, emailInUseMail({ locale, appName, name: holder.user.name }));
    }
    return ctx.json({ status: true });
  };
}
