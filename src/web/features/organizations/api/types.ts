/**
 * Shapes of Gatehouse's organization API answers (src/server/features/organizations/lists.ts),
 * restated by hand until they come from shared contracts.
 */

/** What every answer about an organization itself carries. */
interface OrganizationProfile {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
}

export interface OrganizationSummary extends OrganizationProfile {
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

/** What every invitation answer carries, whoever asks. */
interface InvitationBase {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  /** The team ids it adds to, comma-separated. */
  teamId: string | null;
  status: InvitationStatus;
  expiresAt: string;
  createdAt: string;
  inviterId: string;
  inviterName: string | null;
}

export interface InvitationRow extends InvitationBase {
  expired: boolean;
}

export interface TeamRow {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string | null;
  memberCount: number;
}

export interface TeamMemberRow {
  id: string;
  teamId: string;
  userId: string;
  createdAt: string;
  user: PersonRef;
}

export interface FullOrganization extends OrganizationProfile {
  members: MemberRow[];
  memberCount: number;
  invitations: InvitationRow[];
  invitationCount: number;
  teams: TeamRow[];
  teamCount: number;
}

/** Where an invitation leads, as shown to the person invited. */
interface InvitingOrganization {
  organizationName: string;
  organizationSlug: string;
  organizationLogo: string | null;
}

/** A pending invitation addressed to the signed-in user. */
export interface UserInvitation extends InvitationBase, InvitingOrganization {}

/** What the invitation landing shows before anyone signs in. */
export interface InvitationPreview extends InvitingOrganization {
  id: string;
  email: string;
  role: string;
  status: InvitationStatus | "expired";
  expiresAt: string;
  organizationId: string;
  inviterName: string | null;
  teams: { id: string; name: string }[];
}
