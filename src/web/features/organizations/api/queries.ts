import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { orgRequest } from "./org-request.ts";
import type {
  FullOrganization,
  InvitationPreview,
  InvitationStatus,
  InvitationsPage,
  MembersPage,
  OrganizationSummary,
  TeamMembersPage,
  TeamsPage,
  UserInvitation,
} from "./types.ts";

/** Every organization query key starts here, so one invalidation refreshes them all. */
export const ORG_KEY = "organizations" as const;

export const organizationsQuery = queryOptions({
  queryKey: [ORG_KEY, "list"],
  queryFn: () => orgRequest<OrganizationSummary[]>("/organization/list"),
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

export function fullOrganizationQuery(organizationId: string) {
  return queryOptions({
    queryKey: [ORG_KEY, organizationId, "full"],
    queryFn: () =>
      orgRequest<FullOrganization>("/organization/get-full-organization", {
        query: { organizationId, membersLimit: 5 },
      }),
  });
}

export interface MembersParams {
  search?: string;
  limit: number;
  offset: number;
  sortBy?: "name" | "email" | "role" | "createdAt";
  sortDirection?: "asc" | "desc";
}

export function membersQuery(organizationId: string, params: MembersParams) {
  return queryOptions({
    queryKey: [ORG_KEY, organizationId, "members", params],
    queryFn: () =>
      orgRequest<MembersPage>("/organization/list-members", {
        query: { organizationId, ...params },
      }),
    placeholderData: keepPreviousData,
  });
}

export interface InvitationsParams {
  status?: InvitationStatus;
  limit: number;
  offset: number;
}

export function invitationsQuery(organizationId: string, params: InvitationsParams) {
  return queryOptions({
    queryKey: [ORG_KEY, organizationId, "invitations", params],
    queryFn: () =>
      orgRequest<InvitationsPage>("/organization/list-invitations", {
        query: { organizationId, ...params },
      }),
    placeholderData: keepPreviousData,
  });
}

export function teamsQuery(organizationId: string, params: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: [ORG_KEY, organizationId, "teams", params],
    queryFn: () =>
      orgRequest<TeamsPage>("/organization/list-teams", { query: { organizationId, ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function teamMembersQuery(
  organizationId: string,
  teamId: string,
  params: { limit: number; offset: number },
) {
  return queryOptions({
    queryKey: [ORG_KEY, organizationId, "team-members", teamId, params],
    queryFn: () =>
      orgRequest<TeamMembersPage>("/organization/list-team-members", { query: { teamId, ...params } }),
    placeholderData: keepPreviousData,
  });
}

export const userInvitationsQuery = queryOptions({
  queryKey: [ORG_KEY, "my-invitations"],
  queryFn: () => orgRequest<UserInvitation[]>("/organization/list-user-invitations"),
});

export function invitationPreviewQuery(id: string) {
  return queryOptions({
    queryKey: [ORG_KEY, "invitation-preview", id],
    queryFn: () => orgRequest<InvitationPreview>("/organization/invitation-preview", { query: { id } }),
    staleTime: 0,
  });
}
