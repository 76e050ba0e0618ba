import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { describeDevice } from "#shared/device.ts";

interface ListedSession {
  token: string;
  userAgent?: string | null;
  updatedAt: Date | string;
  [key: string]: unknown;
}

/**
 * GET /list-sessions answers each session with its device (browser and OS from
 * the user agent), `lastActiveAt` and `current`; the current one comes first,
 * then the most recently active.
 */
export const addSessionDetails = createAuthMiddleware(async (ctx) => {
  const sessions = ctx.context.returned;
  if (!Array.isArray(sessions)) return;
  const currentToken = (await getSessionFromCtx(ctx))?.session.token;
  const detailed = (sessions as ListedSession[]).map((s) => ({
    ...s,
    device: describeDevice(s.userAgent),
    // better-auth touches updatedAt when it extends a session (at most once per session.updateAge).
    lastActiveAt: s.updatedAt,
    current: s.token === currentToken,
  }));
  detailed.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      new Date(b.lastActiveAt).getTime() - new Date(a.lastActiveAt).getTime(),
  );
  return ctx.json(detailed);
});
