import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { localInstants } from "../format.ts";
import { ApiError, NETWORK_STATUS } from "./api-error.ts";

/**
 * The message for each error code a person can meet in the web app: the one place that maps codes to
 * words: namespace "errors" for what the first page's screens can meet (it comes with the entry), "problems"
 * for what only the signed-in screens meet (organizations, roles, domains, webhooks, single sign-on, apps, API
 * keys: loaded with those screens, so the sign-in page does not carry them). Where docs/errors.md has a SPEC §8
 * message, the words start with it.
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
  NOT_ALLOWED_TO_MANAGE_ORGANIZATION: "problems.notAllowedToManageOrganization",
  MAXIMUM_ORGANIZATIONS_REACHED: "problems.maximumOrganizationsReached",
  MEMBER_NOT_FOUND: "problems.memberNotFound",
  TEAM_NOT_FOUND: "problems.teamNotFound",
  CANNOT_LEAVE_AS_THE_ONLY_OWNER: "problems.cannotLeaveAsTheOnlyOwner",
  ONLY_OWNER: "problems.onlyOwner",
  INVITATION_NOT_FOUND: "problems.invitationNotFound",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: "problems.youAreNotAllowedToDeleteThisMember",
  NOT_ALLOWED_TO_REMOVE_AN_OWNER: "problems.notAllowedToRemoveAnOwner",
  NOT_ALLOWED_TO_LIST_INVITATIONS: "problems.notAllowedToListInvitations",
  NOT_ALLOWED_TO_CANCEL_INVITATION: "problems.notAllowedToCancelInvitation",
  NOT_ALLOWED_TO_LIST_TEAM_MEMBERS: "problems.notAllowedToListTeamMembers",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION:
    "problems.youAreNotAllowedToInviteUsersToThisOrganization",
  ONLY_OWNERS_SEE_TWO_FACTOR: "problems.onlyOwnersSeeTwoFactor",
  UNKNOWN_ROLE: "problems.unknownRole",
  UNKNOWN_TEAM: "problems.unknownTeam",
  // Custom roles.
  ROLE_NAME_IS_ALREADY_TAKEN: "problems.roleNameIsAlreadyTaken",
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE: "problems.notAllowedToChangeRoles",
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE: "problems.notAllowedToChangeRoles",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE: "problems.notAllowedToChangeRoles",
  YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE: "problems.notAllowedToSeeRoles",
  YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE: "problems.notAllowedToSeeRoles",
  ROLE_NOT_FOUND: "problems.roleNotFound",
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: "problems.cannotDeleteAPreDefinedRole",
  TOO_MANY_ROLES: "problems.tooManyRoles",
  ROLE_IN_USE: "problems.roleInUse",
  // Ownership transfer.
  ONLY_OWNERS_TRANSFER: "problems.onlyOwnersTransfer",
  ALREADY_AN_OWNER: "problems.alreadyAnOwner",
  OWNERSHIP_OFFER_NOT_FOUND: "problems.ownershipOfferNotFound",
  OWNERSHIP_OFFER_NOT_YOURS: "problems.ownershipOfferNotYours",
  OWNERSHIP_OFFER_CLOSED: "problems.ownershipOfferClosed",
  OWNERSHIP_OFFERER_NOT_OWNER: "problems.ownershipOffererNotOwner",
  // Verified domains and join requests.
  DOMAIN_ALREADY_ADDED: "problems.domainAlreadyAdded",
  DOMAIN_VERIFIED_ELSEWHERE: "problems.domainVerifiedElsewhere",
  TOO_MANY_DOMAINS: "problems.tooManyDomains",
  DOMAIN_NOT_FOUND: "problems.domainNotFound",
  DOMAIN_NOT_VERIFIED: "problems.domainNotVerified",
  DOMAIN_OFFER_NOT_FOUND: "problems.domainOfferNotFound",
  JOIN_REQUEST_NOT_FOUND: "problems.joinRequestNotFound",
  JOIN_REQUEST_NOT_PENDING: "problems.joinRequestNotPending",
  REQUESTER_NEEDS_TWO_FACTOR: "problems.requesterNeedsTwoFactor",
  REQUESTER_NOT_AT_DOMAIN: "problems.requesterNotAtDomain",
  // Bulk invitations.
  INVALID_CSV: "problems.invalidCsv",
  EMPTY_CSV: "problems.emptyCsv",
  TOO_MANY_ROWS: "problems.tooManyRows",
  // Webhooks.
  WEBHOOK_URL_NOT_ALLOWED: "problems.webhookUrlNotAllowed",
  WEBHOOK_NOT_FOUND: "problems.webhookNotFound",
  DELIVERY_NOT_FOUND: "problems.deliveryNotFound",
  WEBHOOK_DISABLED: "problems.webhookDisabled",
  // Single sign-on and SCIM connections.
  SSO_CONNECTION_EXISTS: "problems.ssoConnectionExists",
  TOO_MANY_SSO_CONNECTIONS: "problems.tooManySsoConnections",
  SIGNED_ASSERTIONS_REQUIRED: "problems.signedAssertionsRequired",
  SSO_DOMAIN_FIXED: "problems.ssoDomainFixed",
  SSO_PROTOCOL_FIXED: "problems.ssoProtocolFixed",
  SSO_CONNECTION_NOT_FOUND: "problems.ssoConnectionNotFound",
  INVALID_METADATA: "problems.invalidMetadata",
  METADATA_URL_FAILED: "problems.metadataUrlFailed",
  OIDC_DISCOVERY_FAILED: "problems.oidcDiscoveryFailed",
  SSO_TEST_NOT_STARTED: "problems.ssoTestNotStarted",
  SSO_TEST_NOT_FOUND: "problems.ssoTestNotFound",
  SCIM_CONNECTION_NOT_FOUND: "problems.scimConnectionNotFound",
  // Applications (the admin's app registration answers in RFC 7591's words) and API keys.
  APPLICATION_NOT_FOUND: "problems.applicationNotFound",
  invalid_client_metadata: "problems.invalidClientMetadata",
  invalid_redirect_uri: "problems.invalidRedirectUri",
  INSUFFICIENT_API_KEY_PERMISSIONS: "problems.insufficientApiKeyPermissions",
  USER_NOT_MEMBER_OF_ORGANIZATION: "errors.notAMemberOfTheOrganization",
  API_KEY_PERMISSION_BEYOND_ROLE: "problems.apiKeyPermissionBeyondRole",
  KEY_NOT_FOUND: "problems.keyNotFound",
};

/** A count a refusal's body names, or 0 when it names none. */
function countOf(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * Words naming what a refusal's body says besides its code (how many hold a role, which organization), for
 * the codes whose server sends it; undefined when the body lacks it, and the code's own words are used.
 */
const DETAILED_MESSAGES: Partial<
  Record<string, (details: Readonly<Record<string, unknown>>) => string | undefined>
> = {
  SSO_REQUIRED: ({ organization }) =>
    typeof organization === "string" && organization.trim()
      ? t("errors.ssoRequiredBy", { organization })
      : undefined,
  ROLE_IN_USE: (details) => {
    const members = countOf(details.members);
    const invitations = countOf(details.invitations);
    if (members && invitations) return t("problems.roleInUseBoth", { members, invitations });
    if (members) return t("problems.roleInUseMembers", { members });
    if (invitations) return t("problems.roleInUseInvitations", { invitations });
    return undefined;
  },
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
 * (the screen's `wording`, its `forbidden` for a 403 without words or with the general FORBIDDEN, then words
 * naming the refusal's details, then the catalogue), then by status for a 429, then the server's own message,
 * then by status.
 */
export function errorText(error: unknown, { codes = {}, forbidden }: ErrorWording = {}): string {
  if (!(error instanceof ApiError))
    return error instanceof Error && error.message ? error.message : t("errors.fallback");
  if (error.status === NETWORK_STATUS) return networkText();
  const own = error.code ? codes[error.code] : undefined;
  if (own) return own;
  const id = error.code ? ERROR_MESSAGES[error.code] : undefined;
  if (forbidden && error.status === 403 && (!id || error.code === GENERAL_REFUSAL)) return forbidden;
  const detailed = error.code ? DETAILED_MESSAGES[error.code]?.(error.details) : undefined;
  if (detailed) return detailed;
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
