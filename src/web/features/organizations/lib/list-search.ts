import { optionalText, pageNumber } from "#shared/fields.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import type { InvitationStatus } from "../api/types.ts";

/**
 * The organization lists' state, kept in the URL so reloads, shared links and the back button
 * keep it. Anything malformed is dropped, and defaults are left out of the URL.
 */

/** Join order is the server's default and the cheapest for big organizations; name orders sort them all. */
export const MEMBER_SORTS = {
  "joined-first": {
    label: "organizations.members.sort.joinedFirst",
    sortBy: "createdAt",
    sortDirection: "asc",
  },
  "joined-last": {
    label: "organizations.members.sort.joinedLast",
    sortBy: "createdAt",
    sortDirection: "desc",
  },
  "name-asc": { label: "organizations.members.sort.nameAsc", sortBy: "name", sortDirection: "asc" },
  "name-desc": { label: "organizations.members.sort.nameDesc", sortBy: "name", sortDirection: "desc" },
} as const satisfies Record<string, { label: MessageId; sortBy: string; sortDirection: string }>;
export type MemberSort = keyof typeof MEMBER_SORTS;
export const DEFAULT_MEMBER_SORT: MemberSort = "joined-first";

/** Each status's name (words: `t(id)` at render). */
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, MessageId> = {
  pending: "organizations.invitations.status.pending",
  accepted: "organizations.invitations.status.accepted",
  rejected: "organizations.invitations.status.rejected",
  canceled: "organizations.invitations.status.canceled",
};
export const DEFAULT_INVITATION_STATUS: InvitationStatus = "pending";

/** The longest member search kept: an email address at most. */
export const SEARCH_MAX = 254;

export interface PagedSearch {
  /** From 2 on; page 1 is the default. */
  page?: number;
}

export interface MembersSearch extends PagedSearch {
  q?: string;
  sort?: MemberSort;
  /** Owners: only the members without two-factor or a passkey. */
  twoFactor?: "missing";
}

export interface InvitationsSearch extends PagedSearch {
  status?: InvitationStatus;
}

function keyOf<K extends string>(table: Record<K, unknown>, value: unknown): K | undefined {
  return typeof value === "string" && Object.hasOwn(table, value) ? (value as K) : undefined;
}

function pageOf(value: unknown): number | undefined {
  const page = pageNumber.parse(value);
  return page > 1 ? page : undefined;
}

export function parseTeamsSearch(search: Record<string, unknown>): PagedSearch {
  return { page: pageOf(search.page) };
}

export function parseMembersSearch(search: Record<string, unknown>): MembersSearch {
  const q = optionalText.parse(search.q)?.trim().slice(0, SEARCH_MAX);
  const sort = keyOf(MEMBER_SORTS, search.sort);
  return {
    q: q || undefined,
    sort: sort === DEFAULT_MEMBER_SORT ? undefined : sort,
    twoFactor: search.twoFactor === "missing" ? "missing" : undefined,
    page: pageOf(search.page),
  };
}

export function parseInvitationsSearch(search: Record<string, unknown>): InvitationsSearch {
  const status = keyOf(INVITATION_STATUS_LABELS, search.status);
  return {
    status: status === DEFAULT_INVITATION_STATUS ? undefined : status,
    page: pageOf(search.page),
  };
}

/** The `page` of a list's URL: left out on page 1. */
export function pageParam(page: number): number | undefined {
  return page > 1 ? page : undefined;
}
