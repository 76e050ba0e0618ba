import {
  DEFAULT_MEMBER_PAGE_ORDER,
  MEMBER_PAGE_ORDERS,
  type MemberPageOrder,
} from "#shared/contracts/organizations.ts";
import { optionalText, pageNumber } from "#shared/fields.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import type { InvitationStatus } from "../api/types.ts";

/**
 * The organization lists' state, kept in the URL so reloads, shared links and the back button
 * keep it. Anything malformed is dropped, and defaults are left out of the URL.
 */

/** The members page's sort menu: each order's name (words: `t(id)` at render). */
export const MEMBER_SORT_LABELS = {
  "joined-first": "organizations.members.sort.joinedFirst",
  "joined-last": "organizations.members.sort.joinedLast",
  "name-asc": "organizations.members.sort.nameAsc",
  "name-desc": "organizations.members.sort.nameDesc",
} as const satisfies Record<MemberPageOrder, MessageId>;

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
  sort?: MemberPageOrder;
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
  const sort = keyOf(MEMBER_PAGE_ORDERS, search.sort);
  return {
    q: q || undefined,
    sort: sort === DEFAULT_MEMBER_PAGE_ORDER ? undefined : sort,
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
