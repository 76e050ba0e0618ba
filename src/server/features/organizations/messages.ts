/**
 * Organization errors as Gatehouse answers them: each message carries the
 * SPEC §8 wording (case-insensitive), so clients can match on it. Listed in docs/.
 */
export const ORGANIZATION_MESSAGES = {
  notAllowedToManageOrganization: {
    code: "NOT_ALLOWED_TO_MANAGE_ORGANIZATION",
    message: "You are not allowed to create, update or delete an organization",
  },
  maximumOrganizations: {
    code: "MAXIMUM_ORGANIZATIONS_REACHED",
    message: "Maximum number of organizations reached",
  },
  organizationExists: { code: "ORGANIZATION_ALREADY_EXISTS", message: "Organization already exists" },
  slugTaken: {
    code: "ORGANIZATION_SLUG_ALREADY_TAKEN",
    message: "Organization already exists with this slug",
  },
  organizationNotFound: { code: "ORGANIZATION_NOT_FOUND", message: "Organization not found" },
  notAMember: {
    code: "NOT_A_MEMBER_OF_THE_ORGANIZATION",
    message: "You are not a member of this organization",
  },
  memberNotFound: { code: "MEMBER_NOT_FOUND", message: "Member not found" },
  ownersSeeTwoFactor: {
    code: "ONLY_OWNERS_SEE_TWO_FACTOR",
    message: "Only an owner can list members by two-factor",
  },
  alreadyMember: {
    code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
    message: "User is already a member of this organization",
  },
  teamNotFound: { code: "TEAM_NOT_FOUND", message: "Team not found" },
  teamNameTaken: {
    code: "TEAM_NAME_ALREADY_TAKEN",
    message: "A team with this name already exists in this organization",
  },
  onlyOwner: {
    code: "CANNOT_LEAVE_AS_THE_ONLY_OWNER",
    message: "You cannot leave as the only owner: make another member an owner first",
  },
  notAllowedToRemoveMember: {
    code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
    message: "You are not allowed to delete this member",
  },
  notAllowedToRemoveOwner: {
    code: "NOT_ALLOWED_TO_REMOVE_AN_OWNER",
    message: "Only an owner can remove an owner",
  },
  invitationNotFound: { code: "INVITATION_NOT_FOUND", message: "Invitation not found" },
  invitationExpired: { code: "INVITATION_EXPIRED", message: "This invitation has expired" },
  invitationNotPending: {
    code: "INVITATION_NOT_PENDING",
    message: "Only a pending invitation can be cancelled",
  },
  notRecipient: {
    code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
    message: "You are not the recipient of the invitation",
  },
  notAllowedToListInvitations: {
    code: "NOT_ALLOWED_TO_LIST_INVITATIONS",
    message: "You are not allowed to list invitations for this organization",
  },
  notAllowedToCancelInvitation: {
    code: "NOT_ALLOWED_TO_CANCEL_INVITATION",
    message: "You are not allowed to cancel this invitation",
  },
  notAllowedToListTeamMembers: {
    code: "NOT_ALLOWED_TO_LIST_TEAM_MEMBERS",
    message: "You are not allowed to list the members of this team",
  },
  membershipLimitReached: {
    code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
    message: "Organization membership limit reached",
  },
  lastTeam: { code: "UNABLE_TO_REMOVE_LAST_TEAM", message: "Unable to remove last team" },
  teamMemberLimit: { code: "TEAM_MEMBER_LIMIT_REACHED", message: "Team member limit reached" },
} as const;

const M = ORGANIZATION_MESSAGES;

/** better-auth 1.7's organization error codes whose wording misses the SPEC's; the rest pass unchanged. */
export const STOCK_REWRITES: Record<string, { code: string; message: string }> = {
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: M.notAllowedToManageOrganization,
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: M.notAllowedToManageOrganization,
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: M.notAllowedToManageOrganization,
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: M.maximumOrganizations,
  ORGANIZATION_SLUG_ALREADY_TAKEN: M.slugTaken,
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: M.onlyOwner,
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: M.onlyOwner,
};
