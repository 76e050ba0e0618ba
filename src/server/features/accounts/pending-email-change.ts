import type { AuthContext } from "better-auth";
import { createAuthEndpoint, sessionMiddleware } from "better-auth/api";
import * as z from "zod";

/**
 * The step an email change waits for: a verified account's current address approves it first, then the
 * new address confirms itself (an unverified account skips the approval, as better-auth does).
 */
export type EmailChangeStep = "approve" | "confirm";

export interface PendingEmailChange {
  from: string;
  to: string;
  step: EmailChangeStep;
  expiresAt: Date;
}

const stored = z.object({ from: z.string(), to: z.string(), step: z.enum(["approve", "confirm"]) });

/**
 * One pending change per account, kept in better-auth's verification table (and its Redis copy), so every
 * device of the account sees it and the links can be checked against it: a cancelled or replaced change
 * leaves its links dead even before they expire.
 */
const identifier = (userId: string) => `email-change:${userId}`;

/** SPEC §9: each link lives 1 hour; the change waits as long as the link it waits for. */
function waitUntil(context: AuthContext): Date {
  return new Date(Date.now() + (context.options.emailVerification?.expiresIn ?? 3600) * 1000);
}

/** Records (or replaces) the account's pending change at `step`, until that step's link expires. */
export async function savePendingEmailChange(
  context: AuthContext,
  userId: string,
  change: { from: string; to: string; step: EmailChangeStep },
): Promise<void> {
  await clearPendingEmailChange(context, userId);
  await context.internalAdapter.createVerificationValue({
    identifier: identifier(userId),
    value: JSON.stringify({
      from: change.from.toLowerCase(),
      to: change.to.toLowerCase(),
      step: change.step,
    }),
    expiresAt: waitUntil(context),
  });
}

/** The account's change still waiting, or null: none, expired, or made from an address it no longer has. */
export async function readPendingEmailChange(
  context: AuthContext,
  user: { id: string; email: string },
): Promise<PendingEmailChange | null> {
  const row = await context.internalAdapter.findVerificationValue(identifier(user.id));
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return null;
  }
  const parsed = stored.safeParse(value);
  if (!parsed.success || parsed.data.from !== user.email.toLowerCase()) return null;
  return { ...parsed.data, expiresAt: new Date(row.expiresAt) };
}

export async function clearPendingEmailChange(context: AuthContext, userId: string): Promise<void> {
  await context.internalAdapter.deleteVerificationByIdentifier(identifier(userId));
}

/** GET /pending-email-change: the signed-in account's change waiting for a link, or `change: null`. */
export const pendingEmailChange = createAuthEndpoint(
  "/pending-email-change",
  { method: "GET", use: [sessionMiddleware] },
  async (ctx) => {
    const change = await readPendingEmailChange(ctx.context, ctx.context.session.user);
    return ctx.json({
      change: change && {
        from: change.from,
        to: change.to,
        step: change.step,
        expiresAt: change.expiresAt.toISOString(),
      },
    });
  },
);

/** POST /cancel-email-change: forgets the pending change; the links already mailed stop working. */
export const cancelEmailChange = createAuthEndpoint(
  "/cancel-email-change",
  { method: "POST", use: [sessionMiddleware] },
  async (ctx) => {
    await clearPendingEmailChange(ctx.context, ctx.context.session.user.id);
    return ctx.json({ status: true });
  },
);
