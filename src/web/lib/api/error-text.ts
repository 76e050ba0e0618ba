import { localInstants } from "../format.ts";
import { ApiError, NETWORK_STATUS } from "./api-error.ts";

/**
 * Plain words for the error codes a person can meet in the web app: the one place for this
 * wording. A code not listed keeps the server's own message, which already carries the SPEC §8
 * wording (for example "cannot leave as the only owner").
 */
const ERROR_TEXT: Record<string, string> = {
  // Accounts and sign-in
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password. Check them and try again.",
  EMAIL_NOT_VERIFIED:
    "Email not verified. Open the verification link we sent to your inbox, then sign in. We just sent you a new one.",
  INVALID_EMAIL: "That email address doesn't look right.",
  INVALID_PASSWORD: "That password is not correct.",
  PASSWORD_TOO_SHORT: "That password is too short.",
  PASSWORD_TOO_LONG: "That password is too long.",
  USER_ALREADY_EXISTS: "An account with this email already exists.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Use another email.",
  USER_NOT_FOUND: "We couldn't find that account.",
  INVALID_TOKEN: "This link is invalid or has already been used. Request a new one.",
  TOKEN_EXPIRED: "This link has expired. Request a new one.",
  INVALID_OTP: "That code is not correct. Check the latest mail and try again.",
  OTP_EXPIRED: "This code has expired. Send yourself a new one.",
  TOO_MANY_ATTEMPTS: "Too many wrong codes: this one no longer works. Send yourself a new one.",
  EMAIL_ALREADY_VERIFIED: "This email address is already verified. You can sign in.",
  SESSION_EXPIRED: "Your session has expired. Sign in again to continue.",
  FAILED_TO_CREATE_USER: "We couldn't create your account. Please try again.",
  FAILED_TO_CREATE_SESSION: "We couldn't sign you in. Please try again.",
  INVALID_ORIGIN: "This request came from a page we don't trust. Reload the page and try again.",
  MISSING_OR_NULL_ORIGIN: "This request came from a page we don't trust. Reload the page and try again.",
  INVALID_CALLBACK_URL: "The return address of this request is not allowed.",
  VALIDATION_ERROR: "Some fields are not valid. Check them and try again.",
  // Two-factor
  INVALID_CODE: "That code is not right. Check your app and enter the newest code.",
  INVALID_BACKUP_CODE: "That backup code is not right, or it has been used already.",
  ACCOUNT_TEMPORARILY_LOCKED: "Too many wrong codes; try again in 15 minutes.",
  INVALID_TWO_FACTOR_COOKIE: "This sign-in has expired. Sign in again with your password.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    "Too many wrong codes for this sign-in. Sign in again with your password.",
  TOTP_ALREADY_ENABLED: "Two-factor authentication is already on.",
  TRUSTED_DEVICE_NOT_FOUND: "That device is no longer trusted.",
  // Passkeys (the server's codes, then the browser's)
  PASSKEY_NOT_FOUND:
    "This passkey isn't registered with us (it may have been removed). Sign in another way, then add it again.",
  AUTHENTICATION_FAILED: "The passkey could not be verified. Try again, or sign in another way.",
  CHALLENGE_NOT_FOUND: "The passkey request expired. Try again.",
  PASSKEY_CHALLENGE_MISMATCH: "The passkey request expired. Try again.",
  PASSKEY_ORIGIN_MISMATCH: "This passkey answer came from another site. Reload the page and try again.",
  PASSKEY_RP_ID_MISMATCH: "This passkey belongs to another site. Use a passkey made for this one.",
  INVALID_PASSKEY_RESPONSE: "The browser's passkey answer was not understood. Try again.",
  FAILED_TO_VERIFY_REGISTRATION: "The new passkey could not be verified. Try again with another device.",
  CANNOT_REMOVE_LAST_SIGN_IN_METHOD:
    "This passkey is your only way to sign in. Add another passkey, set a password or link an account first.",
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: "This device already keeps a passkey for your account.",
  ERROR_CEREMONY_ABORTED: "The passkey prompt was closed. Try again when you are ready.",
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY:
    "The passkey prompt was closed or timed out. Try again when you are ready.",
  AUTH_CANCELLED: "The passkey prompt was closed. Try again when you are ready.",
  ERROR_INVALID_DOMAIN: "Passkeys don't work at this address. Open the app at its public address.",
  ERROR_INVALID_RP_ID: "Passkeys don't work at this address. Open the app at its public address.",
  ERROR_AUTHENTICATOR_GENERAL_ERROR:
    "The device could not use the passkey. Try again, or use another device.",
  // Organizations
  TWO_FACTOR_REQUIRED_BY_ORGANIZATION:
    "This organization requires two-factor authentication. Turn on an authenticator app or add a passkey in your account's Security section.",
  TWO_FACTOR_REQUIRED_FOR_ADMINS:
    "The admin area requires two-factor authentication. Turn on an authenticator app or add a passkey in your account's Security section.",
  TWO_FACTOR_REQUIRED_TO_SET_POLICY:
    "Turn on two-factor authentication (or add a passkey) for your own account first, then require it of your members.",
  ONLY_OWNERS_SET_TWO_FACTOR_POLICY: "Only an owner can change whether two-factor is required.",
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
  TEAM_NAME_ALREADY_TAKEN: "This organization already has a team of that name. Choose another name.",
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: "This person is not a member of the organization.",
  INVITATION_EXPIRED: "This invitation has expired. Ask for a new one.",
  INVITATION_NOT_PENDING: "Only a pending invitation can be cancelled.",
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION:
    "Verify your email address first: open the link we sent to your inbox, then come back.",
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: "Verify your email address to see the invitations sent to it.",
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
    "You are not the recipient of the invitation: it was sent to another email address.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "Only an owner can invite someone as an owner.",
  // Invite links (issue 18)
  NOT_ALLOWED_TO_MANAGE_INVITE_LINKS: "Only owners and admins can make and revoke invite links.",
  ROLE_ABOVE_YOUR_OWN: "A link cannot give a role above your own.",
  INVITE_LINK_NOT_FOUND: "This invite link doesn't exist. Check that you copied all of it.",
  INVITE_LINK_EXPIRED: "This invite link has expired. Ask for a new one.",
  INVITE_LINK_USED_UP: "This invite link has been used as many times as it allows. Ask for a new one.",
  INVITE_LINK_REVOKED: "This invite link was revoked. Ask for a new one.",
  VERIFY_EMAIL_TO_JOIN:
    "Verify your email address first: open the link we sent to your inbox, then come back.",
  // Admin
  YOU_CANNOT_BAN_YOURSELF: "You cannot ban your own account.",
  YOU_CANNOT_REMOVE_YOURSELF: "You cannot delete your own account from the admin area.",
  YOU_CANNOT_IMPERSONATE_ADMINS: "Admins cannot be impersonated.",
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: "That role does not exist.",
  INVALID_ROLE_TYPE: "That role does not exist.",
};

/** A screen's own words, where a code means something more precise there than in general. */
export interface ErrorWording {
  /** Text by error code, before the catalogue's. */
  codes?: Partial<Record<string, string>>;
  /** Text for any 403 whose code has no text of its own. */
  forbidden?: string;
}

const FALLBACK = "Something went wrong. Please try again.";

/** The words for every call that got no answer: offline, refused on the way, or past its deadline. */
export const NETWORK_TEXT = "Can't reach Gatehouse — check your connection";

/**
 * The text to show for anything a call threw, for an Alert or a notification: by code first
 * (the screen's `wording`, then the catalogue), then the server's own message, then by status.
 */
export function errorText(error: unknown, { codes = {}, forbidden }: ErrorWording = {}): string {
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? error.message : FALLBACK;
  if (error.status === NETWORK_STATUS) return NETWORK_TEXT;
  const known = error.code ? (codes[error.code] ?? ERROR_TEXT[error.code]) : undefined;
  // A refusal with its own code (e.g. the two-factor lockout, a 429) says that; the limiter's has none.
  if (known) return known;
  if (error.status === 429) {
    const seconds = error.retryAfter;
    return seconds
      ? `Too many attempts, try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`
      : "Too many attempts, please wait a moment and try again.";
  }
  if (forbidden && error.status === 403) return forbidden;
  if (error.message) return localInstants(error.message);
  if (error.status >= 500) return "The server ran into a problem. Please try again in a moment.";
  return FALLBACK;
}
