import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { localInstants } from "../format.ts";
import { ApiError, NETWORK_STATUS } from "./api-error.ts";

/**
 * The message for each error code a person can meet in the web app: the one place that maps codes to
 * words (catalogue namespace "errors"). Where docs/errors.md has a SPEC §8 message, the words start with it.
 * A code not listed keeps the server's own message (in English); test/unit/web-error-words.test.ts fails for
 * a documented code that is neither here nor on its list of codes the web app never shows.
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
  // Accounts and sessions (docs/errors.md "Account and session messages").
  FAILED_TO_GET_SESSION: "errors.failedToGetSession",
  PROVIDER_NOT_FOUND: "errors.providerNotFound",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "errors.credentialAccountNotFound",
  FAILED_TO_UNLINK_LAST_ACCOUNT: "errors.failedToUnlinkLastAccount",
  ACCOUNT_NOT_FOUND: "errors.accountNotFound",
  SESSION_NOT_FRESH: "errors.sessionNotFresh",
  TWO_FACTOR_NOT_ENABLED: "errors.twoFactorNotEnabled",
  TOTP_NOT_ENABLED: "errors.totpNotEnabled",
  BACKUP_CODES_NOT_ENABLED: "errors.backupCodesNotEnabled",
  SSO_REQUIRED: "errors.ssoRequired",
  // Any route: the signed-out, the refused, the unknown, the malformed, the too big and the server's faults.
  UNAUTHORIZED: "errors.unauthorized",
  UNAUTHORIZED_SESSION: "errors.unauthorized",
  FORBIDDEN: "errors.forbidden",
  NOT_FOUND: "errors.notFound",
  not_found: "errors.notFound",
  INVALID_FIELD: "errors.validationError",
  FIELD_TOO_SHORT: "errors.validationError",
  FIELD_TOO_LONG: "errors.validationError",
  INVALID_CURSOR: "errors.invalidCursor",
  PAYLOAD_TOO_LARGE: "errors.payloadTooLarge",
  SERVICE_UNAVAILABLE: "errors.serverProblem",
  INTERNAL_SERVER_ERROR: "errors.serverProblem",
  // Organizations, members, teams, invitations.
  NOT_ALLOWED_TO_MANAGE_ORGANIZATION: "errors.notAllowedToManageOrganization",
  MAXIMUM_ORGANIZATIONS_REACHED: "errors.maximumOrganizationsReached",
  MEMBER_NOT_FOUND: "errors.memberNotFound",
  TEAM_NOT_FOUND: "errors.teamNotFound",
  CANNOT_LEAVE_AS_THE_ONLY_OWNER: "errors.cannotLeaveAsTheOnlyOwner",
  ONLY_OWNER: "errors.onlyOwner",
  INVITATION_NOT_FOUND: "errors.invitationNotFound",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: "errors.youAreNotAllowedToDeleteThisMember",
  NOT_ALLOWED_TO_REMOVE_AN_OWNER: "errors.notAllowedToRemoveAnOwner",
  NOT_ALLOWED_TO_LIST_INVITATIONS: "errors.notAllowedToListInvitations",
  NOT_ALLOWED_TO_CANCEL_INVITATION: "errors.notAllowedToCancelInvitation",
  NOT_ALLOWED_TO_LIST_TEAM_MEMBERS: "errors.notAllowedToListTeamMembers",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION:
    "errors.youAreNotAllowedToInviteUsersToThisOrganization",
  ONLY_OWNERS_SEE_TWO_FACTOR: "errors.onlyOwnersSeeTwoFactor",
  UNKNOWN_ROLE: "errors.unknownRole",
  UNKNOWN_TEAM: "errors.unknownTeam",
  // Custom roles.
  ROLE_NAME_IS_ALREADY_TAKEN: "errors.roleNameIsAlreadyTaken",
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE: "errors.notAllowedToChangeRoles",
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE: "errors.notAllowedToChangeRoles",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE: "errors.notAllowedToChangeRoles",
  YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE: "errors.notAllowedToSeeRoles",
  YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE: "errors.notAllowedToSeeRoles",
  ROLE_NOT_FOUND: "errors.roleNotFound",
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: "errors.cannotDeleteAPreDefinedRole",
  TOO_MANY_ROLES: "errors.tooManyRoles",
  ROLE_IN_USE: "errors.roleInUse",
  // Ownership transfer.
  ONLY_OWNERS_TRANSFER: "errors.onlyOwnersTransfer",
  ALREADY_AN_OWNER: "errors.alreadyAnOwner",
  OWNERSHIP_OFFER_NOT_FOUND: "errors.ownershipOfferNotFound",
  OWNERSHIP_OFFER_NOT_YOURS: "errors.ownershipOfferNotYours",
  OWNERSHIP_OFFER_CLOSED: "errors.ownershipOfferClosed",
  OWNERSHIP_OFFERER_NOT_OWNER: "errors.ownershipOffererNotOwner",
  // Verified domains and join requests.
  DOMAIN_ALREADY_ADDED: "errors.domainAlreadyAdded",
  DOMAIN_VERIFIED_ELSEWHERE: "errors.domainVerifiedElsewhere",
  TOO_MANY_DOMAINS: "errors.tooManyDomains",
  DOMAIN_NOT_FOUND: "errors.domainNotFound",
  DOMAIN_NOT_VERIFIED: "errors.domainNotVerified",
  DOMAIN_OFFER_NOT_FOUND: "errors.domainOfferNotFound",
  JOIN_REQUEST_NOT_FOUND: "errors.joinRequestNotFound",
  JOIN_REQUEST_NOT_PENDING: "errors.joinRequestNotPending",
  REQUESTER_NEEDS_TWO_FACTOR: "errors.requesterNeedsTwoFactor",
  REQUESTER_NOT_AT_DOMAIN: "errors.requesterNotAtDomain",
  // Bulk invitations.
  INVALID_CSV: "errors.invalidCsv",
  EMPTY_CSV: "errors.emptyCsv",
  TOO_MANY_ROWS: "errors.tooManyRows",
  // Webhooks.
  WEBHOOK_URL_NOT_ALLOWED: "errors.webhookUrlNotAllowed",
  WEBHOOK_NOT_FOUND: "errors.webhookNotFound",
  DELIVERY_NOT_FOUND: "errors.deliveryNotFound",
  WEBHOOK_DISABLED: "errors.webhookDisabled",
  // Single sign-on and SCIM connections.
  SSO_CONNECTION_EXISTS: "errors.ssoConnectionExists",
  TOO_MANY_SSO_CONNECTIONS: "errors.tooManySsoConnections",
  SIGNED_ASSERTIONS_REQUIRED: "errors.signedAssertionsRequired",
  SSO_DOMAIN_FIXED: "errors.ssoDomainFixed",
  SSO_PROTOCOL_FIXED: "errors.ssoProtocolFixed",
  SSO_CONNECTION_NOT_FOUND: "errors.ssoConnectionNotFound",
  INVALID_METADATA: "errors.invalidMetadata",
  METADATA_URL_FAILED: "errors.metadataUrlFailed",
  OIDC_DISCOVERY_FAILED: "errors.oidcDiscoveryFailed",
  SSO_TEST_NOT_STARTED: "errors.ssoTestNotStarted",
  SSO_TEST_NOT_FOUND: "errors.ssoTestNotFound",
  SCIM_CONNECTION_NOT_FOUND: "errors.scimConnectionNotFound",
  // Applications (the admin's app registration answers in RFC 7591's words) and API keys.
  APPLICATION_NOT_FOUND: "errors.applicationNotFound",
  invalid_client_metadata: "errors.invalidClientMetadata",
  invalid_redirect_uri: "errors.invalidRedirectUri",
  INSUFFICIENT_API_KEY_PERMISSIONS: "errors.insufficientApiKeyPermissions",
  USER_NOT_MEMBER_OF_ORGANIZATION: "errors.notAMemberOfTheOrganization",
  API_KEY_PERMISSION_BEYOND_ROLE: "errors.apiKeyPermissionBeyondRole",
  KEY_NOT_FOUND: "errors.keyNotFound",
};

/** The general refusal: it says nothing a screen's own words for its refusals (`forbidden`) would not say better. */
const GENERAL_REFUSAL = "FORBIDDEN";

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
 * (the screen's `wording`, its `forbidden` for a 403 without words or with the general FORBIDDEN, then the
 * catalogue), then by status for a 429, then the server's own message, then by status.
 */
export function errorText(error: unknown, { codes = {}, forbidden }: ErrorWording = {}): string {
  if (!(error instanceof ApiError))
    return error instanceof Error && error.message ? error.message : t("errors.fallback");
  if (error.status === NETWORK_STATUS) return networkText();
  const own = error.code ? codes[error.code] : undefined;
  if (own) return own;
  const id = error.code ? ERROR_MESSAGES[error.code] : undefined;
  if (forbidden && error.status === 403 && (!id || error.code === GENERAL_REFUSAL)) return forbidden;
  // A refusal with its own code (e.g. the two-factor lockout, a 429) says that; the limiter's has none.
  if (id) return t(id);
  if (error.status === 429) {
    const seconds = error.retryAfter;
    return seconds ? t("errors.tooManyAttemptsWait", { seconds }) : t("errors.tooManyAttempts");
  }
  if (error.message) return localInstants(error.message);
  if (error.status >= 500) return t("errors.serverProblem");
  return t("errors.fallback");
}
