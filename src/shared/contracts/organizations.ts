import { z } from "zod";

/**
 * Query parameters and answers of Gatehouse's organization paths (src/server/features/organizations:
 * lists.ts, overrides/, invitation-preview.ts) as they travel in JSON: dates are ISO 8601 strings.
 * The server reads its parameters with these lists; the web types its calls and screens with them.
 */

/** GET /organization/list-members?sortBy=… */
export const MEMBER_SORTS = ["name", "email", "role", "createdAt"] as const;
export type MemberSortBy = (typeof MEMBER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** GET /organization/list-invitations?status=… */
export const INVITATION_STATUSES = ["pending", "accepted", "rejected", "canceled"] as const;

export const invitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatus>;

/** Paging parameters every list takes. */
export const pageParams = z.object({ limit: z.number().int(), offset: z.number().int() });
export type Paging = z.infer<typeof pageParams>;

/** GET /organization/list-members: its parameters besides organizationId. */
export const membersParams = pageParams.extend({
  search: z.string().optional(),
  sortBy: z.enum(MEMBER_SORTS).optional(),
  sortDirection: z.enum(SORT_DIRECTIONS).optional(),
  /** Owners only: "missing" lists the members without two-factor or a passkey. */
  twoFactor: z.enum(["missing"]).optional(),
  /** Only the members who are not in this team of the organization (whom the team could take in). */
  notInTeam: z.string().optional(),
});
export type MembersParams = z.infer<typeof membersParams>;

/** The members page's orders (its sort menu) as list-members parameters; join order first, the cheapest. */
export const MEMBER_PAGE_ORDERS = {
  "joined-first": { sortBy: "createdAt", sortDirection: "asc" },
  "joined-last": { sortBy: "createdAt", sortDirection: "desc" },
  "name-asc": { sortBy: "name", sortDirection: "asc" },
  "name-desc": { sortBy: "name", sortDirection: "desc" },
} as const satisfies Record<string, { sortBy: MemberSortBy; sortDirection: SortDirection }>;
export type MemberPageOrder = keyof typeof MEMBER_PAGE_ORDERS;
export const DEFAULT_MEMBER_PAGE_ORDER: MemberPageOrder = "joined-first";
export const MEMBERS_PAGE_SIZE = 10;

/** What the members page shows: its URL's search, order, page and (owners) two-factor filter. */
export interface MembersPageView {
  q?: string;
  order?: MemberPageOrder;
  page?: number;
  twoFactor?: "missing";
}

/**
 * list-members' parameters for a view of the members page. The page asks them (after `organizationId`), and
 * the server announces the first view's request with index.html (src/server/http/screen-hints.ts), which only
 * helps while both spell the URL alike: this one function builds it for both.
 */
export function membersPageParams(view: MembersPageView): MembersParams {
  const order = MEMBER_PAGE_ORDERS[view.order ?? DEFAULT_MEMBER_PAGE_ORDER];
  return {
    search: view.q,
    limit: MEMBERS_PAGE_SIZE,
    offset: ((view.page ?? 1) - 1) * MEMBERS_PAGE_SIZE,
    sortBy: order.sortBy,
    sortDirection: order.sortDirection,
    twoFactor: view.twoFactor,
  };
}

/** GET /organization/list-invitations: its parameters besides organizationId. */
export const invitationsParams = pageParams.extend({ status: invitationStatus.optional() });
export type InvitationsParams = z.infer<typeof invitationsParams>;

/** What every answer about an organization itself carries. */
export const organizationProfile = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  /** Members need two-factor or a passkey (POST /organization/set-two-factor-policy, owners only). */
  requireTwoFactor: z.boolean(),
});

/** GET /organization/list: one organization of the user, with the user's roles in it (comma-separated). */
export const organizationSummary = organizationProfile.extend({ role: z.string() });
export type OrganizationSummary = z.infer<typeof organizationSummary>;
export const organizationList = z.array(organizationSummary);

export const personRef = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRef>;

export const memberRow = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  role: z.string(),
  createdAt: z.string(),
  user: personRef,
  /** Owners only (list-members): whether the member has two-factor or a passkey. */
  twoFactor: z.boolean().optional(),
});
export type MemberRow = z.infer<typeof memberRow>;

/** GET /organization/list-members: one page and the paging it answers. */
export const membersPage = z.object({
  members: z.array(memberRow),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type MembersPage = z.infer<typeof membersPage>;

/** What every invitation answer carries, whoever asks. */
const invitationBase = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.string(),
  /** The team ids it adds to, comma-separated. */
  teamId: z.string().nullable(),
  status: invitationStatus,
  expiresAt: z.string(),
  createdAt: z.string(),
  inviterId: z.string(),
  inviterName: z.string().nullable(),
});

/** GET /organization/list-invitations (an array; the total in X-Total-Count). */
export const invitationRow = invitationBase.extend({ expired: z.boolean() });
export type InvitationRow = z.infer<typeof invitationRow>;
export const invitationList = z.array(invitationRow);

/** GET /organization/list-teams (an array; the total in X-Total-Count). */
export const teamRow = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  memberCount: z.number(),
});
export type TeamRow = z.infer<typeof teamRow>;
export const teamList = z.array(teamRow);

/** GET /organization/list-team-members (an array; the total in X-Total-Count). */
export const teamMemberRow = z.object({
  id: z.string(),
  teamId: z.string(),
  userId: z.string(),
  /** better-auth's schema leaves it optional. */
  createdAt: z.string().nullable(),
  user: personRef,
});
export type TeamMemberRow = z.infer<typeof teamMemberRow>;
export const teamMemberList = z.array(teamMemberRow);

/** GET /organization/get-full-organization: the first page of each list and their totals. */
export const fullOrganization = organizationProfile.extend({
  members: z.array(memberRow),
  memberCount: z.number(),
  /** Members holding the owner role: the only owner cannot leave (SPEC §8). */
  ownerCount: z.number(),
  invitations: z.array(invitationRow),
  invitationCount: z.number(),
  teams: z.array(teamRow),
  teamCount: z.number(),
});
export type FullOrganization = z.infer<typeof fullOrganization>;

/** Where an invitation leads, as shown to the person invited. */
const invitingOrganization = z.object({
  organizationName: z.string(),
  organizationSlug: z.string(),
  organizationLogo: z.string().nullable(),
});

/** GET /organization/list-user-invitations: a pending invitation addressed to the signed-in user. */
export const userInvitation = invitationBase.extend(invitingOrganization.shape);
export type UserInvitation = z.infer<typeof userInvitation>;
export const userInvitationList = z.array(userInvitation);

/** GET /organization/invitation-preview?id=…: what the invitation landing shows before anyone signs in. */
export const invitationPreviewParams = z.object({ id: z.string().min(1).max(100) });
export const invitationPreview = invitingOrganization.extend({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum([...INVITATION_STATUSES, "expired"]),
  expiresAt: z.string(),
  organizationId: z.string(),
  inviterName: z.string().nullable(),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The organization requires two-factor or a passkey of its members. */
  requireTwoFactor: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;
