import type { AuthContext } from "better-auth";
import { APIError, BASE_ERROR_CODES } from "better-auth";
import { getSessionFromCtx } from "better-auth/api";
import type { HookContext } from "#server/auth/overrides.ts";

type SessionTimes = { createdAt: Date | string };

/** A session is fresh for `session.freshAge` seconds after it was created (0 switches the rule off). */
export function isFreshSession(context: AuthContext, session: SessionTimes): boolean {
  const freshAge = context.sessionConfig.freshAge;
  if (freshAge === 0) return true;
  return Date.now() - new Date(session.createdAt).getTime() < freshAge * 1000;
}

/** Refuses with SPEC §8 "Session is not fresh" (403), the answer better-auth gives on its own fresh-only routes. */
export function assertFreshSession(context: AuthContext, session: SessionTimes): void {
  if (!isFreshSession(context, session)) throw APIError.from("FORBIDDEN", BASE_ERROR_CODES.SESSION_NOT_FRESH);
}

/** A before hook: the signed-in session must be fresh; without a session better-auth answers 401 itself. */
export async function requireFreshSession(ctx: HookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (session) assertFreshSession(ctx.context, session.session);
}
