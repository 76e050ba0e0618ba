/** Shapes of Gatehouse's organization API answers (src/server/features/organizations/lists.ts). */

export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  /** The signed-in user's roles in it, comma-separated. */
  role: string;
}

export interface PageInfo {
  total: number;
  limit: number;
  offset: number;
}

export interface PersonRef {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export interface MemberRow {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
  user: PersonRef;
}

export interface MembersPage extends PageInfo {
  members: MemberRow[];
}

export type InvitationStatus = "pending" | "accepted" | "rejected" | "canceled";

export interface InvitationRow {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  teamId: string | null;
  status: InvitationStatus;
  expiresAt: string;
  createdAt: string;
  inviterId: string;
  inviterName: string | null;
  expired: boolean;
}

export interface InvitationsPage extends PageInfo {
  invitations: InvitationRow[];
}

export interface TeamRow {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string | null;
  memberCount: number;
}

export interface TeamsPage extends PageInfo {
  teams: TeamRow[];
}

export interface TeamMemberRow {
  id: string;
  teamId: string;
  userId: string;
  createdAt: string;
  user: PersonRef;
}

export interface TeamMembersPage extends PageInfo {
  members: TeamMemberRow[];
}

export interface FullOrganization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  members: MemberRow[];
  memberCount: number;
  invitations: InvitationRow[];
  invitationCount: number;
  teams: TeamRow[];
  teamCount: number;
}

/** A pending invitation addressed to the signed-in user. */
export interface UserInvitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  teamId: string | null;
  status: InvitationStatus;
  expiresAt: string;
  createdAt: string;
  inviterId: string;
  organizationName: string;
  organizationSlug: string;
  organizationLogo: string | null;
  inviterName: string | null;
}

/** What the invitation landing shows before anyone signs in. */
export interface InvitationPreview {
  id: string;
  email: string;
  role: string;
  status: InvitationStatus | "expired";
  expiresAt: string;
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  organizationLogo: string | null;
  inviterName: string | null;
  teams: { id: string; name: string }[];
}
