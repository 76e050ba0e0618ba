import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { authList, authRequest } from "#web/lib/api/call.ts";
import type {
  FullOrganization,
  InvitationPreview,
  InvitationRow,
  InvitationsParams,
  MembersPage,
  MembersParams,
  OrganizationSummary,
  Paging,
  TeamMemberRow,
  TeamRow,
  UserInvitation,
} from "./types.ts";

/** Every organization query key starts here, so one invalidation refreshes them all. */
export const ORG_KEY = "organizations" as const;

/** The keys of one organization's cached data: a change to it invalidates them all. */
export function organizationKey(organizationId: string) {
  return [ORG_KEY, organizationId] as const;
}

export const organizationsQuery = queryOptions({
  queryKey: [ORG_KEY, "list"],
  queryFn: () => authRequest<OrganizationSummary[]>("/organization/list"),
});

/** The signed-in user's organizations (all of them: the server does not truncate). */
export function useOrganizations(enabled = true) {
  return useQuery({ ...organizationsQuery, enabled });
}

/** The organization of a slug among the user's own, with their role in it. */
export function useOrganizationBySlug(slug: string) {
  const query = useOrganizations();
  const organization = query.data?.find((org) => org.slug === slug);
  return { ...query, organization };
}

export function useFullOrganization(organizationId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [ORG_KEY, organizationId, "full"],
    queryFn: () =>
      authRequest<FullOrganization>("/organization/get-full-organization", {
        query: { organizationId, membersLimit: 5 },
      }),
  });
}

type ListQuery = Record<string, string | number | undefined>;

/** One page of a list; the previous page stays on screen while the next one loads. */
function pagedQuery<T>(key: readonly unknown[], load: (query: ListQuery) => Promise<T>, query: ListQuery) {
  return queryOptions({
    queryKey: [ORG_KEY, ...key, query],
    queryFn: () => load(query),
    placeholderData: keepPreviousData,
  });
}

/** A list better-auth answers as an array: `{ items, total }` (the total from `X-Total-Count`). */
function arrayList<T>(path: string) {
  return (query: ListQuery) => authList<T>(path, query);
}

export function useMembers(organizationId: string, params: MembersParams) {
  return useQuery(
    pagedQuery(
      [organizationId, "members"],
      (query) => authRequest<MembersPage>("/organization/list-members", { query }),
      {
        organizationId,
        ...params,
      },
    ),
  );
}

export function useInvitations(organizationId: string, params: InvitationsParams) {
  return useQuery(
    pagedQuery([organizationId, "invitations"], arrayList<InvitationRow>("/organization/list-invitations"), {
      organizationId,
      ...params,
    }),
  );
}

export function useTeams(organizationId: string, params: Paging) {
  return useQuery(
    pagedQuery([organizationId, "teams"], arrayList<TeamRow>("/organization/list-teams"), {
      organizationId,
      ...params,
    }),
  );
}

/** Every team of an organization, for pickers and for naming the teams of an invitation. */
export function useAllTeams(organizationId: string) {
  return useTeams(organizationId, { limit: 200, offset: 0 });
}

export function useTeamMembers(organizationId: string, teamId: string, params: Paging) {
  return useQuery(
    pagedQuery(
      [organizationId, "team-members", teamId],
      arrayList<TeamMemberRow>("/organization/list-team-members"),
      {
        teamId,
        ...params,
      },
    ),
  );
}

/** The pending invitations sent to the signed-in user's email. */
export function useUserInvitations(enabled = true) {
  return useQuery({
    enabled,
    queryKey: [ORG_KEY, "my-invitations"],
    queryFn: () => authRequest<UserInvitation[]>("/organization/list-user-invitations"),
  });
}

/** What an invitation link leads to; asked fresh each time, and never again after a refusal. */
export function useInvitationPreview(id: string) {
  return useQuery({
    queryKey: [ORG_KEY, "invitation-preview", id],
    queryFn: () => authRequest<InvitationPreview>("/organization/invitation-preview", { query: { id } }),
    staleTime: 0,
    retry: false,
  });
}
