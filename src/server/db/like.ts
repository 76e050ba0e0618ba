import { type Expression, type SqlBool, sql } from "kysely";

/** Where a LIKE pattern lets `text` sit: anywhere, at the start, at the end (better-auth's search operators). */
export type LikeOperator = "contains" | "starts_with" | "ends_with";

/** A lower-case LIKE pattern placing `text` as `operator` says, with %, _ and \ taken literally (ESCAPE '\'). */
export function likePattern(text: string, operator: LikeOperator): string {
  const literal = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  if (operator === "starts_with") return `${literal}%`;
  if (operator === "ends_with") return `%${literal}`;
  return `%${literal}%`;
}

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally (used with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return likePattern(text, "contains");
}

/**
 * `lower(column) LIKE pattern ESCAPE '\'`: a case-insensitive "contains" on both databases (PostgreSQL's LIKE
 * is case-sensitive, SQLite's only for non-ASCII letters); `pattern` comes from containsPattern or likePattern.
 */
export function lowerContains(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
