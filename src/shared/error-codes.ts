/**
 * Error codes the web app acts on (not only shows). The server answers them in `{ code, message }`;
 * the web decides by code, never by matching the English message.
 */
export const ERROR_CODES = {
  /** SPEC §8 "Session is not fresh" (403): the password is asked again before a sensitive action. */
  sessionNotFresh: "SESSION_NOT_FRESH",
  /** SPEC §8 "Session expired. Re-authenticate to perform this action." (400 on account deletion). */
  sessionExpired: "SESSION_EXPIRED",
  /** SPEC §6 "The only owner cannot leave or be removed" (leave, remove-member). */
  onlyOwnerLeave: "CANNOT_LEAVE_AS_THE_ONLY_OWNER",
  /** The same rule when the only owner's account would be deleted (by the user or an admin). */
  onlyOwnerDelete: "ONLY_OWNER",
  userNotFound: "USER_NOT_FOUND",
  /** A wrong current password (change, set, delete, re-authenticate): said next to the field. */
  invalidPassword: "INVALID_PASSWORD",
  /** Sign-in refused until the address is verified; the screen offers to resend the link. */
  emailNotVerified: "EMAIL_NOT_VERIFIED",
  /** 403 from every call of an organization that requires two-factor, for a member without it. */
  twoFactorRequiredByOrganization: "TWO_FACTOR_REQUIRED_BY_ORGANIZATION",
  /** 403 from the admin area with REQUIRE_2FA_FOR_ADMINS=1, for an admin without two-factor. */
  twoFactorRequiredForAdmins: "TWO_FACTOR_REQUIRED_FOR_ADMINS",
} as const;

/** Where a person turns on two-factor or adds a passkey (the account's Security section). */
export const ENROL_PATH = "/account?section=security";

/**
 * The cookie a ban leaves in the browser whose session it ended (server features/admin/ban-notice.ts): its
 * presence tells the sign-in page to ask GET /api/auth/ban-notice why.
 */
export const BAN_NOTICE_COOKIE = "gatehouse.ban_notice";
