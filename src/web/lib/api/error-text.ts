import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { localInstants } from "../format.ts";
import { ApiError, NETWORK_STATUS } from "./api-error.ts";

/**
 * The message for each error code a person can meet in the web app: the one place that maps codes to
 * words (catalogue namespace "errors"). A code not listed keeps the server's own message, which already
 * carries the SPEC §8 wording (for example "cannot leave as the only owner").
 */
const ERROR_MESSAGES: Record<string, MessageId> = {
  INVALID_EMAIL_OR_PASSWORD: "errors.invalidEmailOrPassword",
  EMAIL_NOT_VERIFIED: "errors.emailNotVerified",
  INVALID_EMAIL: "errors.invalidEmail",
  INVALID_PASSWORD: "errors.invalidPassword",
  PASSWORD_TOO_SHORT: "errors.passwordTooShort",
  PASSWORD_TOO_LONG: "errors.passwordTooLong",
  USER_ALREADY_EXISTS: "errors.userAlreadyExists",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "errors.userAlreadyExistsUseAnotherEmail",
  USER_NOT_FOUND: "errors.userNotFound",
  INVALID_TOKEN: "errors.invalidToken",
  TOKEN_EXPIRED: "errors.tokenExpired",
  INVALID_OTP: "errors.invalidOtp",
  OTP_EXPIRED: "errors.otpExpired",
  TOO_MANY_ATTEMPTS: "errors.tooManyAttempts",
  EMAIL_ALREADY_VERIFIED: "errors.emailAlreadyVerified",
  SESSION_EXPIRED: "errors.sessionExpired",
  FAILED_TO_CREATE_USER: "errors.failedToCreateUser",
  FAILED_TO_CREATE_SESSION: "errors.failedToCreateSession",
  INVALID_ORIGIN: "errors.invalidOrigin",
  MISSING_OR_NULL_ORIGIN: "errors.missingOrNullOrigin",
  INVALID_CALLBACK_URL: "errors.invalidCallbackUrl",
  VALIDATION_ERROR: "errors.validationError",
  INVALID_CODE: "errors.invalidCode",
  INVALID_BACKUP_CODE: "errors.invalidBackupCode",
  ACCOUNT_TEMPORARILY_LOCKED: "errors.accountTemporarilyLocked",
  INVALID_TWO_FACTOR_COOKIE: "errors.invalidTwoFactorCookie",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "errors.tooManyAttemptsRequestNewCode",
  TOTP_ALREADY_ENABLED: "errors.totpAlreadyEnabled",
  TRUSTED_DEVICE_NOT_FOUND: "errors.trustedDeviceNotFound",
  PASSKEY_NOT_FOUND: "errors.passkeyNotFound",
  AUTHENTICATION_FAILED: "errors.authenticationFailed",
  CHALLENGE_NOT_FOUND: "errors.challengeNotFound",
  PASSKEY_CHALLENGE_MISMATCH: "errors.passkeyChallengeMismatch",
  PASSKEY_ORIGIN_MISMATCH: "errors.passkeyOriginMismatch",
  PASSKEY_RP_ID_MISMATCH: "errors.passkeyRpIdMismatch",
  INVALID_PASSKEY_RESPONSE: "errors.invalidPasskeyResponse",
  FAILED_TO_VERIFY_REGISTRATION: "errors.failedToVerifyRegistration",
  CANNOT_REMOVE_LAST_SIGN_IN_METHOD: "errors.cannotRemoveLastSignInMethod",
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: "errors.errorAuthenticatorPreviouslyRegistered",
  ERROR_CEREMONY_ABORTED: "errors.errorCeremonyAborted",
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: "errors.errorPassthroughSeeCauseProperty",
  AUTH_CANCELLED: "errors.authCancelled",
  ERROR_INVALID_DOMAIN: "errors.errorInvalidDomain",
  ERROR_INVALID_RP_ID: "errors.errorInvalidRpId",
  ERROR_AUTHENTICATOR_GENERAL_ERROR: "errors.errorAuthenticatorGeneralError",
  TWO_FACTOR_REQUIRED_BY_ORGANIZATION: "errors.twoFactorRequiredByOrganization",
  TWO_FACTOR_REQUIRED_FOR_ADMINS: "errors.twoFactorRequiredForAdmins",
  TWO_FACTOR_REQUIRED_TO_SET_POLICY: "errors.twoFactorRequiredToSetPolicy",
  ONLY_OWNERS_SET_TWO_FACTOR_POLICY: "errors.onlyOwnersSetTwoFactorPolicy",
  ORGANIZATION_SLUG_ALREADY_TAKEN: "errors.organizationSlugAlreadyTaken",
  ORGANIZATION_ALREADY_EXISTS: "errors.organizationAlreadyExists",
  INVALID_SLUG: "errors.invalidSlug",
  ORGANIZATION_NOT_FOUND: "errors.organizationNotFound",
  NOT_A_MEMBER_OF_THE_ORGANIZATION: "errors.notAMemberOfTheOrganization",
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: "errors.youAreNotAMemberOfThisOrganization",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: "errors.userIsAlreadyInvitedToThisOrganization",
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "errors.userIsAlreadyAMemberOfThisOrganization",
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: "errors.organizationMembershipLimitReached",
  UNABLE_TO_REMOVE_LAST_TEAM: "errors.unableToRemoveLastTeam",
  TEAM_MEMBER_LIMIT_REACHED: "errors.teamMemberLimitReached",
  TEAM_NAME_ALREADY_TAKEN: "errors.teamNameAlreadyTaken",
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: "errors.userIsNotAMemberOfTheOrganization",
  INVITATION_EXPIRED: "errors.invitationExpired",
  INVITATION_NOT_PENDING: "errors.invitationNotPending",
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION:
    "errors.emailVerificationRequiredBeforeAcceptingOrRejectingInvitation",
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: "errors.emailVerificationRequiredForInvitation",
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: "errors.youAreNotTheRecipientOfTheInvitation",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "errors.youAreNotAllowedToInviteUserWithThisRole",
  NOT_ALLOWED_TO_MANAGE_INVITE_LINKS: "errors.notAllowedToManageInviteLinks",
  ROLE_ABOVE_YOUR_OWN: "errors.roleAboveYourOwn",
  INVITE_LINK_NOT_FOUND: "errors.inviteLinkNotFound",
  INVITE_LINK_EXPIRED: "errors.inviteLinkExpired",
  INVITE_LINK_USED_UP: "errors.inviteLinkUsedUp",
  INVITE_LINK_REVOKED: "errors.inviteLinkRevoked",
  VERIFY_EMAIL_TO_JOIN: "errors.verifyEmailToJoin",
  YOU_CANNOT_BAN_YOURSELF: "errors.youCannotBanYourself",
  YOU_CANNOT_REMOVE_YOURSELF: "errors.youCannotRemoveYourself",
  YOU_CANNOT_IMPERSONATE_ADMINS: "errors.youCannotImpersonateAdmins",
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: "errors.youAreNotAllowedToSetNonExistentValue",
  INVALID_ROLE_TYPE: "errors.invalidRoleType",
};

/** A screen's own words, where a code means something more precise there than in general. */
export interface ErrorWording {
  /** Text by error code, before the catalogue's. */
  codes?: Partial<Record<string, string>>;
  /** Text for any 403 whose code has no text of its own. */
  forbidden?: string;
}

/** The words for every call that got no answer: offline, refused on the way, or past its deadline. */
export function networkText(): string {
  return t("errors.network");
}

/**
 * The text to show for anything a call threw, for an Alert or a notification: by code first
 * (the screen's `wording`, then the catalogue), then the server's own message, then by status.
 */
export function errorText(error: unknown, { codes = {}, forbidden }: ErrorWording = {}): string {
  if (!(error instanceof ApiError))
    return error instanceof Error && error.message ? error.message : t("errors.fallback");
  if (error.status === NETWORK_STATUS) return networkText();
  const id = error.code ? ERROR_MESSAGES[error.code] : undefined;
  const known = error.code ? (codes[error.code] ?? (id && t(id))) : undefined;
  // A refusal with its own code (e.g. the two-factor lockout, a 429) says that; the limiter's has none.
  if (known) return known;
  if (error.status === 429) {
    const seconds = error.retryAfter;
    return seconds ? t("errors.tooManyAttemptsWait", { seconds }) : t("errors.tooManyAttempts");
  }
  if (forbidden && error.status === 403) return forbidden;
  if (error.message) return localInstants(error.message);
  if (error.status >= 500) return t("errors.serverProblem");
  return t("errors.fallback");
}
