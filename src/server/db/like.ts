import { type Expression, type SqlBool, sql } from "kysely";

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally (used with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `lower(column) LIKE pattern ESCAPE '\'`: a case-insensitive "contains" on both databases (PostgreSQL's LIKE
 * is case-sensitive, SQLite's only for non-ASCII letters); `pattern` comes from containsPattern.
 */
export function lowerContains(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
