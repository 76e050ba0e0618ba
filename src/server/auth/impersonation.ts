import type { AuthContext, BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { hasRole } from "#shared/roles.ts";

/** The admin plugin's role that may impersonate (auth.ts `adminRoles`). */
export const IMPERSONATOR_ROLE = "admin";

export interface ImpersonatorRow {
  role?: string | null;
  banned?: boolean | number | null;
  banExpires?: Date | string | number | null;
}

/**
 * Whether a user may still hold an impersonation: an admin, not banned. The one rule, applied on both
 * session paths (here for better-auth, session-fast-path.ts for the hot path).
 */
export function mayImpersonate(user: ImpersonatorRow | null | undefined): boolean {
  if (!user || !hasRole(user.role, IMPERSONATOR_ROLE)) return false;
  if (!user.banned) return true;
  // A ban that has run out no longer counts (better-auth lifts it at the next sign-in).
  return user.banExpires !== null && user.banExpires !== undefined && new Date(user.banExpires) < new Date();
}

interface SessionLike {
  session: { token: string; impersonatedBy?: string | null };
}

/** True (after revoking it) when the session is an impersonation whose impersonator lost the right. */
async function revokedImpersonation(context: AuthContext, found: SessionLike | null): Promise<boolean> {
  const impersonatedBy = found?.session.impersonatedBy;
  if (!found || !impersonatedBy) return false;
  const impersonator = (await context.internalAdapter.findUserById(impersonatedBy)) as ImpersonatorRow | null;
  if (mayImpersonate(impersonator)) return false;
  await context.internalAdapter.deleteSession(found.session.token);
  return true;
}

/**
 * An impersonation session acts with its impersonator's admin rights, so it ends the moment they are gone
 * (demoted, banned, deleted — by better-auth or any other way): every read of it checks the impersonator
 * and revokes it otherwise. better-auth keeps no such link itself; the admin plugin only checks rights
 * when the impersonation starts.
 * - get-session: checked on its answer (one lookup, only for impersonation sessions);
 * - every other call that carries a session cookie: checked before its endpoint runs. The session read is
 *   kept on the request's context, so endpoints that read the session anyway do not read it twice.
 * Must come before any plugin whose hooks act on the session (auth.ts lists it first).
 */
export function impersonationGuard() {
  return {
    id: "gatehouse-impersonation",
    hooks: {
      before: [
        {
          matcher: (ctx) =>
            ctx.path !== "/get-session" &&
            (ctx.headers?.get("cookie")?.includes(ctx.context.authCookies.sessionToken.name) ?? false),
          handler: createAuthMiddleware(async (ctx) => {
            const found = await getSessionFromCtx(ctx).catch(() => null);
            if (await revokedImpersonation(ctx.context, found)) {
              ctx.context.session = null;
              deleteSessionCookie(ctx);
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/get-session",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as SessionLike | null;
            if (!returned || typeof returned !== "object" || !("session" in returned)) return;
            if (!(await revokedImpersonation(ctx.context, returned))) return;
            deleteSessionCookie(ctx);
            return ctx.json(null);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
