import { type RawBuilder, sql } from "kysely";

/** Role names the SQL check accepts: they are written into trigger bodies, which take no parameters. */
const ROLE_NAME = /^[A-Za-z0-9-]+$/;

/**
 * A SQL boolean: the comma-separated role value in `column` holds `role`, read exactly as parseRoles
 * (#shared/roles.ts) reads it — whitespace removed, empty parts ignored, case-sensitive — on SQLite and
 * PostgreSQL alike. NULL holds no role (false, not NULL). `replace` is case-sensitive on both, where
 * SQLite's LIKE is not.
 *
 * `column` is a column reference ("member.role") or, inside a trigger body, a raw expression
 * (`sql.raw("old.role")`).
 */
export function hasRoleSql(column: string | RawBuilder<unknown>, role: string): RawBuilder<boolean> {
  if (!ROLE_NAME.test(role)) throw new Error(`hasRoleSql: not a role name: ${role}`);
  const value = typeof column === "string" ? sql.ref(column) : column;
  const names = sql`(',' || replace(replace(replace(replace(coalesce(${value}, ''), ' ', ''), '\t', ''), '\r', ''), '\n', '') || ',')`;
  const marker = sql.lit(`,${role},`);
  return sql<boolean>`(replace(${names}, ${marker}, '') <> ${names})`;
}
