import type { BetterAuthPlugin, Where } from "better-auth";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { parseUserOutput } from "better-auth/db";
import { z } from "zod";
import { defineOverride, overrideHooks } from "#server/auth/overrides.ts";
import { hasRole } from "#shared/roles.ts";

const count = z.coerce.number().int().min(0).optional();

/** better-auth's list-users query, read the way its endpoint reads it. */
const listUsersQuery = z.object({
  searchValue: z.string().optional(),
  searchField: z.enum(["email", "name"]).optional(),
  searchOperator: z.enum(["contains", "starts_with", "ends_with"]).optional(),
  limit: count,
  offset: count,
  sortBy: z.string().optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  filterField: z.string().optional(),
  filterValue: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  filterOperator: z.enum(["eq", "ne", "lt", "lte", "gt", "gte", "in", "not_in", "contains"]).optional(),
});

/**
 * GET /admin/list-users with a `searchValue` and no `searchField` matches the name or the address (the admin's
 * one search box); better-auth searches one field, the address when none is named. Same answer, paging and
 * total as better-auth's; a named field, or no search, is better-auth's own. Admins only, like its endpoint
 * (the two-factor rule for admins has run before: plugin order in boot/auth-features.ts).
 */
const searchNameOrEmail = defineOverride({
  path: "/admin/list-users",
  mode: "guard",
  query: listUsersQuery,
  async handler(ctx, { query }) {
    if (!query.searchValue || query.searchField) return;
    const session = await getSessionFromCtx(ctx);
    if (!session) throw APIError.from("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Sign in first" });
    if (!hasRole((session.user as { role?: string | null }).role, "admin")) {
      // better-auth's own refusal (its admin plugin does not export its codes).
      throw APIError.from("FORBIDDEN", {
        code: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS",
        message: "You are not allowed to list users",
      });
    }
    const operator = query.searchOperator ?? "contains";
    const where: Where[] = [
      { field: "email", operator, value: query.searchValue, connector: "OR" },
      { field: "name", operator, value: query.searchValue, connector: "OR" },
    ];
    if (query.filterValue !== undefined) {
      where.push({
        field: query.filterField ?? "email",
        operator: query.filterOperator ?? "eq",
        value: query.filterValue,
      });
    }
    const adapter = ctx.context.internalAdapter;
    const sort = query.sortBy ? { field: query.sortBy, direction: query.sortDirection ?? "asc" } : undefined;
    const users = await adapter.listUsers(query.limit || undefined, query.offset || undefined, sort, where);
    const total = await adapter.countTotalUsers(where);
    return ctx.json({
      users: users.map((user) => parseUserOutput(ctx.context.options, user)),
      total,
      limit: query.limit || undefined,
      offset: query.offset || undefined,
    });
  },
});

/** The admin's user search over name and address together. */
export function adminUserSearch() {
  return {
    id: "gatehouse-admin-user-search",
    hooks: { before: overrideHooks([searchNameOrEmail]) },
  } satisfies BetterAuthPlugin;
}
