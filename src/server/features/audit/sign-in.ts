import { getSessionFromCtx } from "better-auth/api";
import type { HookContext } from "#server/auth/overrides.ts";
import { userData } from "./data.ts";
import type { AuditRule, RuleInput } from "./rule.ts";
import { userActor } from "./rule.ts";

/** How someone signed in: the documented `details.method` values of user.signed_in. */
export type SignInMethod =
  | "password"
  | "social"
  | "sso"
  | "passkey"
  | "email-code"
  | "magic-link"
  | "email-link"
  | "two-factor";

/** Paths that make a session, and the method each stands for. */
const SIGN_IN_PATHS: [string | RegExp, SignInMethod][] = [
  ["/sign-in/email", "password"],
  ["/sign-in/social", "social"],
  [/^\/callback\//, "social"],
  [/^\/oauth2\/callback\//, "social"],
  // OIDC connections' callback, and SAML's Assertion Consumer Service (issue 19).
  [/^\/sso\/(saml2\/)?callback\//, "sso"],
  [/^\/sso\/saml2\/sp\/acs\//, "sso"],
  ["/passkey/verify-authentication", "passkey"],
  ["/sign-in/email-otp", "email-code"],
  ["/magic-link/verify", "magic-link"],
  ["/verify-email", "email-link"],
  [/^\/two-factor\/verify-(totp|otp|backup-code)$/, "two-factor"],
];

/** A verification link that fails verifies nothing and signs nobody in: not a refused sign-in. */
const refusalRecorded = (method: SignInMethod) => method !== "email-link";

type NewSession = {
  user: Record<string, unknown> & { id: string; email: string };
  session: {
    id: string;
    impersonatedBy?: string | null;
    ipAddress?: string | null;
    userAgent?: string | null;
  };
};

async function signInEvent(method: SignInMethod, { ctx, body, captured, refused }: RuleInput) {
  const provider =
    method === "social" || method === "sso"
      ? ((ctx.params as { id?: string; providerId?: string } | undefined)?.id ??
        (ctx.params as { providerId?: string } | undefined)?.providerId ??
        (typeof body.provider === "string" ? body.provider : undefined))
      : undefined;
  const details = { method, ...(provider ? { provider } : {}) };
  if (refused !== null) {
    if (!refusalRecorded(method)) return null;
    const email = typeof body.email === "string" ? body.email.toLowerCase() : null;
    const found = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
    return {
      action: "user.signed_in" as const,
      outcome: "refused" as const,
      errorCode: refused,
      actor: null,
      target: found ? { type: "user" as const, id: found.user.id, label: found.user.email } : null,
      details: found || !email ? details : { ...details, email },
    };
  }
  const made = ctx.context.newSession as NewSession | null;
  // A first step that asks for a second (twoFactorRedirect), a redirect to a provider, or a signed-in
  // session confirming its authenticator (that is user.two_factor_enabled): no new sign-in.
  if (!made || made.session.impersonatedBy || (method === "two-factor" && captured)) return null;
  return {
    action: "user.signed_in" as const,
    actor: userActor(made.user.id),
    target: { type: "user" as const, id: made.user.id, label: made.user.email },
    details,
    data: {
      user: userData(made.user),
      session: {
        id: made.session.id,
        ipAddress: made.session.ipAddress ?? null,
        userAgent: made.session.userAgent ?? null,
      },
    },
  };
}

/** The session a request already had: a second step has none, confirming a new authenticator has one. */
const priorSession = async (ctx: HookContext) => (await getSessionFromCtx(ctx))?.session.id ?? null;

/** user.signed_in, on every path that signs someone in; refusals with their error code. */
export const signInRules: AuditRule[] = SIGN_IN_PATHS.map(([path, method]) => ({
  path,
  refusals: true,
  ...(method === "two-factor" ? { before: priorSession } : {}),
  event: (input) => signInEvent(method, input),
}));
