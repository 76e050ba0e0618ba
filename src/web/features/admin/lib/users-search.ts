import { z } from "zod";
import { pageNumber } from "#shared/fields.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** What the users table can be narrowed to; the admin API filters on one field at a time. */
export const USER_FILTERS = ["all", "admins", "users", "banned", "active", "verified", "unverified"] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export const USER_SORTS = ["newest", "oldest", "name-asc", "name-desc", "email-asc", "email-desc"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const PAGE_SIZES = [10, 20, 50] as const;

/** The users table's state, kept in the URL so reloads and the back button keep it. */
export interface UsersSearch {
  q?: string;
  filter?: UserFilter;
  sort?: UserSort;
  page?: number;
  size?: number;
}

const Q_MAX = 200;
export const DEFAULT_PAGE_SIZE = 20;

/** A value of `values`, or nothing: an unknown word, an array or an object in the URL is dropped. */
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/** A number as the router parses it, or its text; never an array or object. */
const scalar = z.union([z.number(), z.string()]).optional();

const usersSearchSchema = z.object({
  q: z
    .unknown()
    .transform((value) => (typeof value === "string" && value.trim() ? value.slice(0, Q_MAX) : undefined))
    .optional(),
  filter: oneOf(USER_FILTERS),
  sort: oneOf(USER_SORTS),
  // Page 1 is the default, so it stays out of the URL.
  page: scalar
    .transform((value) => pageNumber.parse(value))
    .transform((page) => (page > 1 ? page : undefined))
    .catch(undefined),
  size: scalar.transform((value) => PAGE_SIZES.find((size) => size === Number(value))).catch(undefined),
});

/** Keeps only well-formed search params; defaults are left out of the URL. */
export function parseUsersSearch(search: Record<string, unknown>): UsersSearch {
  return usersSearchSchema.parse(search);
}

/** The table state as the URL keeps it: every default left out, so a plain link stays plain. */
export function withoutDefaults(search: UsersSearch): UsersSearch {
  return {
    q: search.q || undefined,
    filter: search.filter === "all" ? undefined : search.filter,
    sort: search.sort === "newest" ? undefined : search.sort,
    page: search.page === 1 ? undefined : search.page,
    size: search.size === DEFAULT_PAGE_SIZE ? undefined : search.size,
  };
}

/** Each filter's words (message ids). */
export const FILTER_LABELS: Record<UserFilter, MessageId> = {
  all: "admin.users.filter.all",
  admins: "admin.users.filter.admins",
  users: "admin.users.filter.users",
  banned: "admin.users.filter.banned",
  active: "admin.users.filter.active",
  verified: "admin.users.filter.verified",
  unverified: "admin.users.filter.unverified",
};

/** Each sort order's words (message ids). */
export const SORT_LABELS: Record<UserSort, MessageId> = {
  newest: "admin.users.sort.newest",
  oldest: "admin.users.sort.oldest",
  "name-asc": "admin.users.sort.nameAsc",
  "name-desc": "admin.users.sort.nameDesc",
  "email-asc": "admin.users.sort.emailAsc",
  "email-desc": "admin.users.sort.emailDesc",
};

const FILTER_QUERY: Record<UserFilter, { filterField: string; filterValue: string } | null> = {
  all: null,
  admins: { filterField: "role", filterValue: "admin" },
  users: { filterField: "role", filterValue: "user" },
  banned: { filterField: "banned", filterValue: "true" },
  active: { filterField: "banned", filterValue: "false" },
  verified: { filterField: "emailVerified", filterValue: "true" },
  unverified: { filterField: "emailVerified", filterValue: "false" },
};

const SORT_QUERY: Record<UserSort, { sortBy: string; sortDirection: "asc" | "desc" }> = {
  newest: { sortBy: "createdAt", sortDirection: "desc" },
  oldest: { sortBy: "createdAt", sortDirection: "asc" },
  "name-asc": { sortBy: "name", sortDirection: "asc" },
  "name-desc": { sortBy: "name", sortDirection: "desc" },
  "email-asc": { sortBy: "email", sortDirection: "asc" },
  "email-desc": { sortBy: "email", sortDirection: "desc" },
};

/**
 * The list-users query for a table state: the search over name and email (no `searchField`: the server's
 * handling, features/admin/user-search.ts), one filter, one sort, a page.
 */
export function toListUsersQuery(search: UsersSearch) {
  const size = search.size ?? DEFAULT_PAGE_SIZE;
  const page = search.page ?? 1;
  const filter = FILTER_QUERY[search.filter ?? "all"];
  const q = search.q?.trim();
  return {
    ...(q ? { searchOperator: "contains" as const, searchValue: q } : {}),
    ...(filter ? { ...filter, filterOperator: "eq" as const } : {}),
    ...SORT_QUERY[search.sort ?? "newest"],
    limit: size,
    offset: (page - 1) * size,
  };
}
