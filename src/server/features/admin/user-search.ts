import type { BetterAuthPlugin } from "better-auth";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { parseUserOutput } from "better-auth/db";
import { type Expression, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { defineOverride, overrideHooks } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { matchesFromIndex, nameOrEmailMatches } from "#server/features/admin/user-search-index.ts";
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

type UserField = { type: string | readonly string[]; fieldName?: string };
type ListUsersQuery = z.infer<typeof listUsersQuery>;

function badField(what: string, field: string): never {
  throw APIError.from("BAD_REQUEST", {
    code: "INVALID_FIELD",
    message: `Users cannot be ${what} by ${field}`,
  });
}

/** A field of better-auth's user (by its name or its column, as better-auth reads it) and its column. */
function userColumn(fields: Record<string, UserField>, field: string, what: string) {
  if (field === "id") return { column: "id", attributes: undefined };
  const entry = Object.entries(fields).find(([key, f]) => key === field || f.fieldName === field);
  if (!entry) badField(what, field);
  const [key, attributes] = entry;
  return { column: attributes.fieldName ?? key, attributes };
}

/** better-auth's where value, converted the way its adapter converts it (booleans and numbers from text). */
function filterValue(
  attributes: UserField | undefined,
  value: unknown,
  kind: "sqlite" | "postgres",
): unknown {
  let converted = value;
  if (attributes?.type === "boolean" && typeof converted === "string") converted = converted === "true";
  if (attributes?.type === "number") {
    if (typeof converted === "string" && converted.trim() !== "") {
      const number = Number(converted);
      if (!Number.isNaN(number)) converted = number;
    } else if (Array.isArray(converted)) {
      const numbers = converted.map((v) =>
        typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN,
      );
      if (numbers.every((n) => !Number.isNaN(n))) converted = numbers;
    }
  }
  if (attributes?.type === "boolean" && typeof converted === "boolean" && kind === "sqlite") {
    converted = converted ? 1 : 0;
  }
  return converted;
}

/** The filter as better-auth's Kysely adapter writes it (its operators, its case-sensitive `contains`). */
function filterCondition(
  fields: Record<string, UserField>,
  query: ListUsersQuery,
  kind: "sqlite" | "postgres",
): Expression<SqlBool> | undefined {
  if (query.filterValue === undefined) return undefined;
  const { column, attributes } = userColumn(fields, query.filterField ?? "email", "filtered");
  const ref = sql.ref(`user.${column}`);
  const value = filterValue(attributes, query.filterValue, kind);
  const operator = query.filterOperator ?? "eq";
  if (operator === "in" || operator === "not_in") {
    if (!Array.isArray(value) || value.length === 0) {
      throw APIError.from("BAD_REQUEST", { code: "INVALID_FIELD", message: "filterValue must be a list" });
    }
    const list = sql.join(value.map((v) => sql`${v}`));
    return operator === "in" ? sql<SqlBool>`${ref} in (${list})` : sql<SqlBool>`${ref} not in (${list})`;
  }
  if (operator === "contains") return sql<SqlBool>`${ref} like ${`%${String(value)}%`}`;
  const comparison = { eq: "=", ne: "<>", lt: "<", lte: "<=", gt: ">", gte: ">=" }[operator];
  return sql<SqlBool>`${ref} ${sql.raw(comparison)} ${value}`;
}

/**
 * GET /admin/list-users with a `searchValue` and no `searchField` matches the name or the address (the admin's
 * one search box); better-auth searches one field, the address when none is named. The matches come from the
 * text index (user-search-index.ts), the total too; the page's users are read through better-auth's adapter,
 * so each is the object its own endpoint answers. Same answer, paging and total as better-auth's, except that
 * the search is case-insensitive and %, _ are literal on both databases; a named field, or no search, is
 * better-auth's own. Admins only, like its endpoint (the two-factor rule for admins has run before: plugin
 * order in boot/auth-features.ts).
 */
function searchNameOrEmail(db: Db, kind: "sqlite" | "postgres") {
  return defineOverride({
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
      const fields = (ctx.context.tables.user?.fields ?? {}) as Record<string, UserField>;
      const sort = query.sortBy ? userColumn(fields, query.sortBy, "sorted").column : undefined;
      const filter = filterCondition(fields, query, kind);
      const operator = query.searchOperator ?? "contains";
      const matches = nameOrEmailMatches(kind, query.searchValue, operator);
      const where = filter ? sql<SqlBool>`${matches} and ${filter}` : matches;
      // Neither order nor filter reads a user's row: where the index alone is exact, it gives the page and the
      // total (SQLite: ~700 matches counted in the index instead of read from "user", decision 41).
      const fromIndex = sort || filter ? undefined : matchesFromIndex(kind, query.searchValue, operator);

      // better-auth's adapter reads at most its default page when no limit is asked for.
      const limit =
        query.limit ||
        (ctx.context.options.advanced?.database?.defaultFindManyLimit ?? DEFAULT_FIND_MANY_LIMIT);
      // One pass over the matches gives the page and, beside each row, the number of all matches. The matches
      // are a materialized CTE: PostgreSQL costs a LIMIT over `count(*) over ()` as if the scan could stop after
      // a page, and so picked a sequential scan over a million users (450 ms) instead of the trigram indexes.
      const matched = db.with(
        (cte) => cte("matches").materialized(),
        (qb) =>
          qb
            .selectFrom("user")
            .select(sort && sort !== "id" ? ["user.id", sql.ref(`user.${sort}`).as("sortKey")] : ["user.id"])
            .where(where),
      );
      let page = matched
        .selectFrom("matches")
        .select(["matches.id", sql<number | string | bigint>`count(*) over ()`.as("total")])
        .limit(limit);
      if (query.offset) page = page.offset(query.offset);
      if (sort) {
        // The id after the asked order, so that pages never overlap where the sorted values tie.
        const direction = query.sortDirection ?? "asc";
        const key = sort === "id" ? "matches.id" : sql.ref("matches.sortKey");
        page = page.orderBy(key, direction).orderBy("matches.id", direction);
      }
      const found = fromIndex ? await fromIndex.page(db, limit, query.offset ?? 0) : await page.execute();
      const ids = found.map((row) => row.id);
      // A page past the last match has no row to carry the total: then it is counted alone.
      let total = Number(found[0]?.total ?? 0);
      if (!found[0] && query.offset) {
        if (fromIndex) total = await fromIndex.count(db);
        else {
          const counted = await db
            .selectFrom("user")
            .select((eb) => eb.fn.countAll<number | string | bigint>().as("total"))
            .where(where)
            .executeTakeFirst();
          total = Number(counted?.total ?? 0);
        }
      }
      const rows = ids.length
        ? await ctx.context.internalAdapter.listUsers(ids.length, undefined, undefined, [
            { field: "id", operator: "in", value: ids },
          ])
        : [];
      const byId = new Map(rows.map((user) => [user.id, user]));
      const users = ids.flatMap((id) => byId.get(id) ?? []);
      return ctx.json({
        users: users.map((user) => parseUserOutput(ctx.context.options, user)),
        total,
        limit: query.limit || undefined,
        offset: query.offset || undefined,
      });
    },
  });
}

/** better-auth's page size when none is asked for (its `advanced.database.defaultFindManyLimit`). */
const DEFAULT_FIND_MANY_LIMIT = 100;

/** The admin's user search over name and address together. */
export function adminUserSearch({ db, kind }: { db: Db; kind: "sqlite" | "postgres" }) {
  return {
    id: "gatehouse-admin-user-search",
    hooks: { before: overrideHooks([searchNameOrEmail(db, kind)]) },
  } satisfies BetterAuthPlugin;
}
