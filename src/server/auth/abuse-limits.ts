import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx } from "better-auth/api";
import type { HookContext } from "#server/auth/overrides.ts";
import type { LimitCounters, LimitRule } from "#server/db/limit-counters.ts";

/**
 * Mails per recipient (per kind of mail) and per organization (invitations), per hour. better-auth limits
 * per client address only, which a sender with several addresses — or an organization admin resending an
 * invitation — walks past. Counted on the address a request names, before anything looks it up, so a
 * registered and an unknown address reach the limit alike and the limit tells nothing about accounts.
 */
export const MAIL_LIMITS = {
  perRecipient: { window: 60 * 60, max: 5 },
  perOrganization: { window: 60 * 60, max: 50 },
} as const satisfies Record<string, LimitRule>;

/**
 * Token-bearing links, limited per client whatever the token. Where the token is in the query,
 * better-auth's limiter (keyed by path) does it with auth.ts's rules; where it is a path segment, every
 * token would be a new key there, so the paths below are counted here under their route pattern instead
 * (and auth.ts turns better-auth's count off for them).
 */
export const TOKEN_LINK_LIMIT: LimitRule = { window: 60, max: 20 };
const PATTERN_ROUTES: { pattern: RegExp; route: string; rule: LimitRule }[] = [
  { pattern: /^\/reset-password\/[^/]+$/, route: "/reset-password/:token", rule: TOKEN_LINK_LIMIT },
  // The provider id is the segment here; an unknown one must not buy a fresh bucket (better-auth's default).
  { pattern: /^\/callback\/[^/]+$/, route: "/callback/:id", rule: { window: 10, max: 100 } },
];
/** The route patterns whose better-auth count is replaced (auth.ts `rateLimit.customRules`). */
export const PATTERN_LIMITED_PATHS = ["/reset-password/*", "/callback/*"] as const;

const TOO_MANY = "Too many requests. Please try again later.";

/** better-auth's 429: its message, plus our `code`, and the seconds to wait in X-Retry-After. */
export function tooManyRequests(retryAfter: number): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_REQUESTS", message: TOO_MANY },
    { "X-Retry-After": String(retryAfter) },
  );
}

/** A counter key for an address: hashed, so the counters hold no address in clear. */
export function recipientKey(kind: string, email: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 24);
  return `mail:${kind}:${digest}`;
}

/** Counts one hit on every key (all of them, so no bucket is skipped) and refuses if any is over. */
export async function enforceLimits(counters: LimitCounters, hits: [string, LimitRule][]): Promise<void> {
  const decisions = await Promise.all(hits.map(([key, rule]) => counters.hit(key, rule)));
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length > 0) throw tooManyRequests(Math.max(...refused.map((d) => d.retryAfter)));
}

type MailKeys = (ctx: HookContext) => Promise<string[]>;

const bodyField = (body: unknown, field: string): string | undefined => {
  const value = (body as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === "string" && value ? value : undefined;
};

const recipientOf =
  (kind: string): MailKeys =>
  async (ctx) => {
    const email = bodyField(ctx.body, "email");
    return email ? [recipientKey(kind, email)] : [];
  };

/**
 * The account paths that mail someone, and whose mailbox counts. Invitations are the organizations
 * feature's (features/organizations/invitation-limits.ts): only members who may invite count there.
 */
const MAIL_PATHS: Record<string, MailKeys> = {
  "/request-password-reset": recipientOf("reset"),
  "/forget-password": recipientOf("reset"),
  "/send-verification-email": recipientOf("verification"),
  // A sign-up for a taken address mails its owner (auth.ts onExistingUserSignUp).
  "/sign-up/email": recipientOf("sign-up"),
  // Sign-in codes and links (email-sign-in.ts).
  "/email-otp/send-verification-otp": recipientOf("sign-in-code"),
  "/sign-in/magic-link": recipientOf("sign-in-link"),
  // The approval goes to the current address, whatever new address is asked for.
  "/change-email": async (ctx) => {
    const session = await getSessionFromCtx(ctx);
    return session && bodyField(ctx.body, "newEmail")
      ? [recipientKey("change-email", session.user.email)]
      : [];
  },
  // Without a password or token, a deletion link is mailed to the account's address.
  "/delete-user": async (ctx) => {
    if (bodyField(ctx.body, "password") || bodyField(ctx.body, "token")) return [];
    const session = await getSessionFromCtx(ctx);
    return session ? [recipientKey("delete-account", session.user.email)] : [];
  },
};

/**
 * Abuse limits better-auth's per-address limiter cannot express: mails per recipient, and token-bearing
 * routes per client whatever the token. On with better-auth's limiter (production); `counters` is
 * undefined otherwise.
 */
export function abuseLimits(counters: LimitCounters | undefined) {
  return {
    id: "gatehouse-abuse-limits",
    async onRequest(request, ctx) {
      if (!counters) return;
      const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "").replace(/\/+$/, "");
      const route = PATTERN_ROUTES.find((r) => r.pattern.test(path));
      if (!route) return;
      const ip = getIP(request, ctx.options) ?? "unknown";
      const decision = await counters.hit(`route:${ip}|${route.route}`, route.rule);
      if (decision.allowed) return;
      const refusal = tooManyRequests(decision.retryAfter);
      return {
        response: new Response(JSON.stringify(refusal.body), {
          status: 429,
          headers: { "Content-Type": "application/json", "X-Retry-After": String(decision.retryAfter) },
        }),
      };
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => counters !== undefined && Object.hasOwn(MAIL_PATHS, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const keys = counters ? await MAIL_PATHS[ctx.path]?.(ctx) : undefined;
            if (!counters || !keys?.length) return;
            await enforceLimits(
              counters,
              keys.map((key) => [key, MAIL_LIMITS.perRecipient]),
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
