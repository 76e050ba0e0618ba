import { createAuthMiddleware } from "better-auth/api";

/** How stale a session's last-active time may get before a read refreshes it. */
export const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;

/**
 * better-auth only moves a session's updatedAt when it extends the session
 * (once a day here); the client reads /get-session on every visit, so that read
 * refreshes updatedAt at most every 5 minutes and the sessions list can show a
 * real "last active".
 */
export const touchLastActive = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned as { session?: { token?: string; updatedAt?: Date | string } } | null;
  const session = returned?.session;
  if (!session?.token || !session.updatedAt) return;
  if (Date.now() - new Date(session.updatedAt).getTime() < LAST_ACTIVE_RESOLUTION_MS) return;
  await ctx.context.internalAdapter.updateSession(session.token, { updatedAt: new Date() });
});
