import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** Title and explanation for an error code the server redirects to (SPEC §8). */
export interface RedirectErrorText {
  title: string;
  description: string;
}

/** The catalogue's words for one code (namespace "errors"), turned into text when shown. */
interface RedirectErrorIds {
  title: MessageId;
  description: MessageId;
}

// Mailed links are signed for 1 hour (24 for deletion) and spent by their first use; both read the same to
// their reader, who needs a new one either way.
const SPENT_LINK: RedirectErrorIds = {
  title: "errors.redirect.spentLink.title",
  description: "errors.redirect.spentLink.description",
};
const EXPIRED_LINK: RedirectErrorIds = {
  title: "errors.redirect.expiredLink.title",
  description: "errors.redirect.expiredLink.description",
};
const LINK_WITHOUT_ACCOUNT: RedirectErrorIds = {
  title: "errors.redirect.linkWithoutAccount.title",
  description: "errors.redirect.linkWithoutAccount.description",
};
// A social or single sign-on provider's own refusals, passed on by better-auth as they came (RFC 6749 §4.1.2.1,
// OpenID Connect Core §3.1.2.6): what the person can do about each kind.
const PROVIDER_UNAVAILABLE: RedirectErrorIds = {
  title: "errors.redirect.providerUnavailable.title",
  description: "errors.redirect.providerUnavailable.description",
};
const PROVIDER_NEEDS_YOU: RedirectErrorIds = {
  title: "errors.redirect.providerNeedsYou.title",
  description: "errors.redirect.providerNeedsYou.description",
};
const PROVIDER_MISCONFIGURED: RedirectErrorIds = {
  title: "errors.redirect.providerMisconfigured.title",
  description: "errors.redirect.providerMisconfigured.description",
};
const ACCESS_DENIED: RedirectErrorIds = {
  title: "errors.redirect.accessDenied.title",
  description: "errors.redirect.accessDenied.description",
};

/**
 * Every redirect error code the server may put in `?error=` (SPEC §8), in
 * plain words. Shared by the /error, /verified, /email-change and /reset-password screens.
 */
const REDIRECT_ERRORS: Record<string, RedirectErrorIds> = {
  please_restart_the_process: {
    title: "errors.redirect.pleaseRestartTheProcess.title",
    description: "errors.redirect.pleaseRestartTheProcess.description",
  },
  invalid_callback_request: {
    title: "errors.redirect.invalidCallbackRequest.title",
    description: "errors.redirect.invalidCallbackRequest.description",
  },
  state_not_found: {
    title: "errors.redirect.stateNotFound.title",
    description: "errors.redirect.stateNotFound.description",
  },
  state_mismatch: {
    title: "errors.redirect.stateMismatch.title",
    description: "errors.redirect.stateMismatch.description",
  },
  no_code: { title: "errors.redirect.noCode.title", description: "errors.redirect.noCode.description" },
  oauth_provider_not_found: {
    title: "errors.redirect.oauthProviderNotFound.title",
    description: "errors.redirect.oauthProviderNotFound.description",
  },
  invalid_code: {
    title: "errors.redirect.invalidCode.title",
    description: "errors.redirect.invalidCode.description",
  },
  unable_to_get_user_info: {
    title: "errors.redirect.unableToGetUserInfo.title",
    description: "errors.redirect.unableToGetUserInfo.description",
  },
  email_not_found: {
    title: "errors.redirect.emailNotFound.title",
    description: "errors.redirect.emailNotFound.description",
  },
  no_callback_url: {
    title: "errors.redirect.noCallbackUrl.title",
    description: "errors.redirect.noCallbackUrl.description",
  },
  unable_to_link_account: {
    title: "errors.redirect.unableToLinkAccount.title",
    description: "errors.redirect.unableToLinkAccount.description",
  },
  account_already_linked_to_different_user: {
    title: "errors.redirect.accountAlreadyLinkedToDifferentUser.title",
    description: "errors.redirect.accountAlreadyLinkedToDifferentUser.description",
  },
  token_expired: EXPIRED_LINK,
  TOKEN_EXPIRED: EXPIRED_LINK,
  invalid_token: SPENT_LINK,
  INVALID_TOKEN: SPENT_LINK,
  user_not_found: LINK_WITHOUT_ACCOUNT,
  USER_NOT_FOUND: LINK_WITHOUT_ACCOUNT,
  // Mailed email-change links (better-auth's codes in capitals).
  INVALID_USER: {
    title: "errors.redirect.invalidUser.title",
    description: "errors.redirect.invalidUser.description",
  },
  USER_ALREADY_EXISTS: {
    title: "errors.redirect.userAlreadyExists.title",
    description: "errors.redirect.userAlreadyExists.description",
  },
  unauthorized: {
    title: "errors.redirect.unauthorized.title",
    description: "errors.redirect.unauthorized.description",
  },
  // Social sign-in codes better-auth 1.7 sends beyond SPEC §8 (docs/errors.md), and the provider's own.
  account_not_linked: {
    title: "errors.redirect.accountNotLinked.title",
    description: "errors.redirect.accountNotLinked.description",
  },
  email_does_not_match: {
    title: "errors.redirect.emailDoesNotMatch.title",
    description: "errors.redirect.emailDoesNotMatch.description",
  },
  email_not_verified: {
    title: "errors.redirect.emailNotVerified.title",
    description: "errors.redirect.emailNotVerified.description",
  },
  state_invalid: {
    title: "errors.redirect.stateMismatch.title",
    description: "errors.redirect.stateMismatch.description",
  },
  signup_disabled: {
    title: "errors.redirect.signupDisabled.title",
    description: "errors.redirect.signupDisabled.description",
  },
  issuer_missing: {
    title: "errors.redirect.stateMismatch.title",
    description: "errors.redirect.issuerMissing.description",
  },
  issuer_mismatch: {
    title: "errors.redirect.stateMismatch.title",
    description: "errors.redirect.issuerMismatch.description",
  },
  access_denied: ACCESS_DENIED,
  unable_to_create_user: {
    title: "errors.redirect.unableToCreateUser.title",
    description: "errors.redirect.unableToCreateUser.description",
  },
  unable_to_create_session: {
    title: "errors.redirect.unableToCreateSession.title",
    description: "errors.redirect.unableToCreateSession.description",
  },
  internal_server_error: {
    title: "errors.redirect.internalServerError.title",
    description: "errors.redirect.internalServerError.description",
  },
  // Enterprise single sign-on (issue 19): every code of SSO_ERROR_CODES (src/shared/contracts/sso.ts).
  SSO_REQUIRED: {
    title: "errors.redirect.ssoRequired.title",
    description: "errors.redirect.ssoRequired.description",
  },
  SSO_DOMAIN_NOT_VERIFIED: {
    title: "errors.redirect.ssoDomainNotVerified.title",
    description: "errors.redirect.ssoDomainNotVerified.description",
  },
  SSO_EMAIL_OUTSIDE_DOMAIN: {
    title: "errors.redirect.ssoEmailOutsideDomain.title",
    description: "errors.redirect.ssoEmailOutsideDomain.description",
  },
  SSO_IDP_INITIATED_DISABLED: {
    title: "errors.redirect.ssoIdpInitiatedDisabled.title",
    description: "errors.redirect.ssoIdpInitiatedDisabled.description",
  },
  SSO_TEST_COMPLETE: {
    title: "errors.redirect.ssoTestComplete.title",
    description: "errors.redirect.ssoTestComplete.description",
  },
  invalid_saml_response: {
    title: "errors.redirect.invalidSamlResponse.title",
    description: "errors.redirect.invalidSamlResponse.description",
  },
  saml_error: {
    title: "errors.redirect.invalidSamlResponse.title",
    description: "errors.redirect.samlError.description",
  },
  invalid_provider: {
    title: "errors.redirect.invalidProvider.title",
    description: "errors.redirect.invalidProvider.description",
  },
  replay_detected: {
    title: "errors.redirect.replayDetected.title",
    description: "errors.redirect.replayDetected.description",
  },
  invalid_state: {
    title: "errors.redirect.stateMismatch.title",
    description: "errors.redirect.invalidState.description",
  },
  unsolicited_response: {
    title: "errors.redirect.unsolicitedResponse.title",
    description: "errors.redirect.unsolicitedResponse.description",
  },
  // better-auth's SSO, when the OIDC identity provider answered without a code (in SSO_ERROR_CODES too).
  invalid_request: {
    title: "errors.redirect.noCode.title",
    description: "errors.redirect.invalidRequest.description",
  },
  // What else a provider may answer instead of a code.
  server_error: PROVIDER_UNAVAILABLE,
  temporarily_unavailable: PROVIDER_UNAVAILABLE,
  login_required: PROVIDER_NEEDS_YOU,
  interaction_required: PROVIDER_NEEDS_YOU,
  consent_required: PROVIDER_NEEDS_YOU,
  account_selection_required: PROVIDER_NEEDS_YOU,
  unauthorized_client: PROVIDER_MISCONFIGURED,
  invalid_client: PROVIDER_MISCONFIGURED,
  invalid_scope: PROVIDER_MISCONFIGURED,
  unsupported_response_type: PROVIDER_MISCONFIGURED,
  // Sign in with Apple's word for a person who cancelled.
  user_cancelled_authorize: ACCESS_DENIED,
};

/** The single sign-on codes whose way on is the SSO step of the sign-in page. */
const SSO_RETRY_CODES = new Set([
  "SSO_REQUIRED",
  "SSO_IDP_INITIATED_DISABLED",
  "unsolicited_response",
  "invalid_state",
  "replay_detected",
]);

/** True when the error screen's way on is “Continue with SSO” rather than the password form. */
export function isSsoRetryError(code: string): boolean {
  return SSO_RETRY_CODES.has(code);
}

/** Keeps only harmless characters of a code taken from the URL, for display as plain text. */
export function sanitizeErrorCode(code: unknown): string {
  if (typeof code !== "string") return "";
  return code.replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 64);
}

/** Friendly text for a redirect error code in the current language (call it while rendering), with a generic fallback that names the (sanitised) code. */
export function describeRedirectError(code: unknown): RedirectErrorText & { code: string; known: boolean } {
  const clean = sanitizeErrorCode(code);
  const known = Object.hasOwn(REDIRECT_ERRORS, clean) ? REDIRECT_ERRORS[clean] : undefined;
  if (known) return { title: t(known.title), description: t(known.description), code: clean, known: true };
  return {
    title: t("errors.redirect.internalServerError.title"),
    description: clean
      ? t("errors.redirect.unknown.withCode", { code: clean })
      : t("errors.redirect.unknown.description"),
    code: clean,
    known: false,
  };
}

/** True for the codes that mean a mailed link is no longer usable. */
export function isLinkError(code: string): boolean {
  return ["token_expired", "invalid_token", "INVALID_TOKEN", "TOKEN_EXPIRED"].includes(code);
}
