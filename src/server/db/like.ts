import { type Expression, type SqlBool, sql } from "kysely";

/** Where a LIKE pattern lets `text` sit: anywhere, at the start, at the end (better-auth's search operators). */
export type LikeOperator = "contains" | "starts_with" | "ends_with";

/**
 * A LIKE pattern placing `text` as `operator` says, with %, _ and \ taken literally (ESCAPE '\'). Its case is
 * left to the database: lowerContains lowers both sides with the same lower(), so a term typed exactly as
 * stored always matches, even where lower() folds ASCII letters only (SQLite).
 */
export function likePattern(text: string, operator: LikeOperator): string {
  const literal = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (operator === "starts_with") return `${literal}%`;
  if (operator === "ends_with") return `%${literal}`;
  return `%${literal}%`;
}

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally (used with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return likePattern(text, "contains");
}

/**
 * `lower(column) LIKE lower(pattern) ESCAPE '\'`: a case-insensitive "contains" on both databases (PostgreSQL's
 * LIKE is case-sensitive; SQLite's LIKE and lower() fold ASCII letters only); `pattern` comes from
 * containsPattern or likePattern.
 */
export function lowerContains(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}
