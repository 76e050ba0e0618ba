import { APIError } from "better-auth/api";
import type { SelectQueryBuilder } from "kysely";
import type { Tables } from "#server/db/tables.ts";

export interface Page {
  limit: number;
  offset: number;
}

/** Bounds of every paged organization list. */
export const PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

/** One page of a list, and how many items the whole list has. */
export interface Paged<T> {
  items: T[];
  total: number;
}

/** The response header that carries a paged list's total (decision 10). */
export const TOTAL_COUNT_HEADER = "X-Total-Count";

/**
 * Answers a list whose stock better-auth answer is an array: the page's items as that array, the
 * total in `X-Total-Count`, so better-auth's own client keeps working (decision 10).
 */
export function answerPage<T, R>(
  ctx: { setHeader(name: string, value: string): void; json(body: T[]): R },
  page: Paged<T>,
): R {
  ctx.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  return ctx.json(page.items);
}

function integer(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null || value === "") return fallback;
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d+$/.test(value)
        ? Number(value)
        : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw APIError.from("BAD_REQUEST", {
      code: "INVALID_FIELD",
      message: `${field} must be an integer from ${min} to ${max}`,
    });
  }
  return n;
}

/** Reads `limit` and `offset` from a query; out-of-range values are refused, not clamped. */
export function readPage(
  query: Record<string, unknown> | undefined,
  defaultLimit: number = PAGE.defaultLimit,
): Page {
  return {
    limit: integer(query?.limit, "limit", 1, PAGE.maxLimit, defaultLimit),
    offset: integer(query?.offset, "offset", 0, Number.MAX_SAFE_INTEGER, 0),
  };
}

/** Optional string parameter, refused with a 400 naming it when it is not a string or too long. */
export function readString(
  query: Record<string, unknown> | undefined,
  field: string,
  max = 200,
): string | undefined {
  const value = query?.[field];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || value.length > max) {
    throw APIError.from("BAD_REQUEST", {
      code: "INVALID_FIELD",
      message: `${field} must be a string of at most ${max} characters`,
    });
  }
  return value;
}

export function readEnum<T extends string>(
  query: Record<string, unknown> | undefined,
  field: string,
  allowed: readonly T[],
): T | undefined {
  const value = readString(query, field);
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) {
    throw APIError.from("BAD_REQUEST", {
      code: "INVALID_FIELD",
      message: `${field} must be one of ${allowed.join(", ")}`,
    });
  }
  return value as T;
}

/** How many rows a list's query matches across all its pages (PostgreSQL answers counts as text). */
export function countRows<TB extends keyof Tables>(
  base: SelectQueryBuilder<Tables, TB, object>,
): Promise<number> {
  return base
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** One page of a list's rows and, at the same time, how many rows the whole list has. */
export function pageAndCount<Row>(
  rows: { limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } } },
  page: Page,
  count: Promise<number>,
): Promise<[Row[], number]> {
  return Promise.all([rows.limit(page.limit).offset(page.offset).execute(), count]);
}
