import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { MiddlewareHandler } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import { ADMIN_TWO_FACTOR_MESSAGE, adminLacksTwoFactor } from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { hasRole } from "#shared/roles.ts";

/**
 * better-auth's admin endpoints (/api/auth/admin/*) refuse an admin without two-factor when the setting is on.
 * Non-admins are left to the endpoints' own 403; stop-impersonating (the impersonated user's session) too.
 */
export function adminTwoFactorGuard(db: Db, required: boolean) {
  return {
    id: "gatehouse-admin-two-factor",
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) =>
            required &&
            (ctx.path?.startsWith("/admin/") ?? false) &&
            ctx.path !== "/admin/stop-impersonating",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session || !hasRole((session.user as { role?: string | null }).role, "admin")) return;
            if (await adminLacksTwoFactor(db, required, session.user.id)) {
              throw APIError.from("FORBIDDEN", ADMIN_TWO_FACTOR_MESSAGE);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * The same refusal for the product's admin routes (/api/admin/*: users, applications), as one middleware in
 * front of them all. Costs nothing when the setting is off; non-admins go on to the routes' own 401/403.
 */
export function adminAreaTwoFactorGate(auth: Auth, db: Db, required: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!required) return next();
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    const admin = session && hasRole((session.user as { role?: string | null }).role, "admin");
    if (admin && (await adminLacksTwoFactor(db, required, session.user.id))) {
      return c.json(ADMIN_TWO_FACTOR_MESSAGE, 403);
    }
    return next();
  };
}
