import { Hono } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import { isoDate } from "#server/db/dates.ts";
import type { Db } from "#server/db/tables.ts";
import { type AdminOverviewAnswer, adminOverviewParams } from "#shared/contracts/admin-overview.ts";
import { hasRole, parseRoles } from "#shared/roles.ts";

/**
 * GET /api/admin/users/:id/overview — what the admin plugin does not expose about one user: linked accounts
 * (never their tokens) and organizations with the user's roles. Admins only: 401 signed out, 403 otherwise.
 */
export function adminRoutes(auth: Auth, db: Db) {
  return new Hono().get("/users/:id/overview", async (c) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return c.json({ code: "UNAUTHORIZED", message: "Sign in first" }, 401);
    if (!hasRole((session.user as { role?: string | null }).role, "admin"))
      return c.json({ code: "FORBIDDEN", message: "Admins only" }, 403);

    const { id: userId } = adminOverviewParams.parse(c.req.param());
    const user = await db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
    if (!user) return c.json({ code: "USER_NOT_FOUND", message: "User not found" }, 404);
    const accounts = await db
      .selectFrom("account")
      .select(["id", "providerId", "accountId", "createdAt"])
      .where("userId", "=", userId)
      .orderBy("createdAt")
      .execute();
    const organizations = await db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select([
        "organization.id",
        "organization.name",
        "organization.slug",
        "member.role",
        "member.createdAt",
      ])
      .where("member.userId", "=", userId)
      .orderBy("organization.name")
      .execute();
    const answer: AdminOverviewAnswer = {
      accounts: accounts.map((a) => ({ ...a, createdAt: isoDate(a.createdAt) })),
      organizations: organizations.map((o) => ({
        ...o,
        roles: parseRoles(o.role),
        createdAt: isoDate(o.createdAt),
      })),
    };
    return c.json(answer);
  });
}
