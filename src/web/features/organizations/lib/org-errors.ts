import { ApiError } from "#web/lib/api.ts";
import { authErrorMessage } from "#web/lib/auth-errors.ts";

/**
 * Plain-words text for organization error codes. Codes not listed keep the
 * server's message, which already carries the SPEC §8 wording (for example
 * "cannot leave as the only owner").
 */
const ORGANIZATION_ERROR_TEXT: Record<string, string> = {
  ORGANIZATION_SLUG_ALREADY_TAKEN: "That slug is already taken. Choose another one.",
  ORGANIZATION_ALREADY_EXISTS: "An organization with this slug already exists. Choose another slug.",
  INVALID_SLUG: "A slug is 2 to 48 characters: lowercase letters, digits and dashes.",
  ORGANIZATION_NOT_FOUND: "This organization doesn't exist, or you are not a member of it.",
  NOT_A_MEMBER_OF_THE_ORGANIZATION: "You are not a member of this organization.",
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: "You are not a member of this organization.",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
    "This person already has a pending invitation. Use Resend in the pending list instead.",
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "This person is already a member of the organization.",
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED:
    "Organization membership limit reached: remove a member before adding another.",
  UNABLE_TO_REMOVE_LAST_TEAM:
    "Unable to remove last team: an organization always keeps at least one team. Create another team first.",
  TEAM_MEMBER_LIMIT_REACHED: "Team member limit reached: this team cannot take more members.",
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: "This person is not a member of the organization.",
  INVITATION_EXPIRED: "This invitation has expired. Ask for a new one.",
  INVITATION_NOT_PENDING: "Only a pending invitation can be cancelled.",
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION:
    "Verify your email address first: open the link we sent to your inbox, then come back.",
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: "Verify your email address to see the invitations sent to it.",
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
    "You are not the recipient of the invitation: it was sent to another email address.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "Only an owner can invite someone as an owner.",
};

/** The text to show for a failed organization call, for an Alert or a notification. */
export function orgErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const known = error.code ? ORGANIZATION_ERROR_TEXT[error.code] : undefined;
    if (known) return known;
    return authErrorMessage({ status: error.status, code: error.code, message: error.message });
  }
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

/** True when an error is the server refusing to let the only owner go. */
export function isOnlyOwnerError(error: unknown): boolean {
  return (
    error instanceof ApiError && /only owner/i.test(`${error.code ?? ""} ${error.message}`.replace(/_/g, " "))
  );
}
