import { randomBytes } from "node:crypto";
import type { AuthContext } from "better-auth";
import { createAuthEndpoint, createAuthMiddleware, isAPIError } from "better-auth/api";
import * as z from "zod";

/** What a mailed link did, for the screen it lands on. */
export type LinkOutcomeKind = "email-change-approved" | "email-changed" | "account-deleted";

const stored = z.object({
  kind: z.enum(["email-change-approved", "email-changed", "account-deleted"]),
  email: z.string().optional(),
});

/** Long enough to read the screen and reload it; a success screen opened later says nothing happened. */
const OUTCOME_SECONDS = 15 * 60;

const identifier = (id: string) => `link-outcome:${id}`;

/**
 * The proof a success screen asks for: a success page opened directly (or guessed) must not claim that an
 * address changed or an account is gone, so the flow that did it leaves a random id in the URL it redirects
 * to, and the screen reads back what happened with GET /link-outcome.
 */
export async function recordLinkOutcome(
  context: AuthContext,
  kind: LinkOutcomeKind,
  email?: string,
): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    identifier: identifier(id),
    value: JSON.stringify({ kind, email }),
    expiresAt: new Date(Date.now() + OUTCOME_SECONDS * 1000),
  });
  return id;
}

/** `url` with `params` added, a relative path kept relative. */
export function withParams(url: string, params: Record<string, string>): string {
  const parsed = new URL(url, "http://relative.invalid");
  for (const [key, value] of Object.entries(params)) parsed.searchParams.set(key, value);
  return parsed.origin === "http://relative.invalid"
    ? `${parsed.pathname}${parsed.search}${parsed.hash}`
    : parsed.toString();
}

/** GET /link-outcome?id=: what the link that redirected here did, or `outcome: null` (unknown or expired). */
export const linkOutcome = createAuthEndpoint(
  "/link-outcome",
  { method: "GET", query: z.object({ id: z.string().max(64) }) },
  async (ctx) => {
    const row = await ctx.context.internalAdapter.findVerificationValue(identifier(ctx.query.id));
    if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return ctx.json({ outcome: null });
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      return ctx.json({ outcome: null });
    }
    const parsed = stored.safeParse(value);
    return ctx.json({ outcome: parsed.success ? parsed.data : null });
  },
);

/**
 * The mailed deletion link is better-auth's own endpoint: once it has deleted the account and redirects,
 * the redirect carries the proof for the "account deleted" screen.
 */
export const deletedLinkOutcome = {
  matcher: (ctx: { path?: string }) => ctx.path === "/delete-user/callback",
  handler: createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (!isAPIError(returned) || returned.statusCode !== 302) return;
    const location = returned.headers instanceof Headers ? returned.headers.get("location") : null;
    if (!location || new URL(location, "http://relative.invalid").searchParams.has("error")) return;
    const id = await recordLinkOutcome(ctx.context, "account-deleted");
    throw ctx.redirect(withParams(location, { outcome: id }));
  }),
};
