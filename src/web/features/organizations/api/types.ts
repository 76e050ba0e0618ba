/**
 * Shapes of Gatehouse's organization answers, as the server promises them in #shared/contracts (a unit test
 * parses real answers with the same schemas).
 */
export type {
  FullOrganization,
  InvitationPreview,
  InvitationRow,
  InvitationStatus,
  InvitationsParams,
  MemberRow,
  MembersPage,
  MembersParams,
  OrganizationSummary,
  Paging,
  PersonRef,
  TeamMemberRow,
  TeamRow,
  UserInvitation,
} from "#shared/contracts/organizations.ts";
