/** Title and explanation for an error code the server redirects to (SPEC §8). */
export interface RedirectErrorText {
  title: string;
  description: string;
}

const RESTART = "Please start again from the sign-in page.";

// Mailed links are signed for 1 hour (24 for deletion) and spent by their first use; both read the same to
// their reader, who needs a new one either way.
const SPENT_LINK: RedirectErrorText = {
  title: "This link can't be used",
  description: "This link has expired or was already used. Send a new one.",
};
const EXPIRED_LINK: RedirectErrorText = {
  title: "This link has expired",
  description: "Mailed links work for a limited time (1 hour for most). Send a new one.",
};
const LINK_WITHOUT_ACCOUNT: RedirectErrorText = {
  title: "Account not found",
  description: "We could not find the account this link belongs to. It may have been deleted.",
};

/**
 * Every redirect error code the server may put in `?error=` (SPEC §8), in
 * plain words. Shared by the /error, /verified, /email-change and /reset-password screens.
 */
const REDIRECT_ERRORS: Record<string, RedirectErrorText> = {
  please_restart_the_process: {
    title: "Please start again",
    description: `Something interrupted the sign-in before it finished. ${RESTART}`,
  },
  invalid_callback_request: {
    title: "Invalid sign-in response",
    description: `The sign-in provider sent back a response we could not understand. ${RESTART}`,
  },
  state_not_found: {
    title: "Sign-in session expired",
    description: `We lost track of this sign-in attempt, usually because it took too long or was opened in another browser. ${RESTART}`,
  },
  state_mismatch: {
    title: "Sign-in could not be verified",
    description: `This sign-in response does not match the attempt started in this browser. ${RESTART}`,
  },
  no_code: {
    title: "Sign-in was not completed",
    description: `The sign-in provider did not confirm the sign-in. If you cancelled, that's fine. ${RESTART}`,
  },
  oauth_provider_not_found: {
    title: "Sign-in method not available",
    description: "This sign-in method is not enabled on this server. Choose another way to sign in.",
  },
  invalid_code: {
    title: "Sign-in code rejected",
    description: `The sign-in provider refused the code it sent, often because it was already used. ${RESTART}`,
  },
  unable_to_get_user_info: {
    title: "Couldn't read your profile",
    description:
      "The sign-in provider did not share your profile with us. Try again, or use another sign-in method.",
  },
  email_not_found: {
    title: "No email address shared",
    description:
      "The sign-in provider did not share an email address, and we need one for your account. Make your email available to the provider, or sign in another way.",
  },
  no_callback_url: {
    title: "Missing return address",
    description: `This request did not say where to go after signing in. ${RESTART}`,
  },
  unable_to_link_account: {
    title: "Couldn't link the account",
    description:
      "We could not link this sign-in method to your account. If an account already uses this email, sign in to it first and link the method from there.",
  },
  account_already_linked_to_different_user: {
    title: "Account already in use",
    description:
      "This sign-in method is already linked to another Gatehouse account. Sign in to that account, or unlink it there first.",
  },
  token_expired: EXPIRED_LINK,
  TOKEN_EXPIRED: EXPIRED_LINK,
  invalid_token: SPENT_LINK,
  INVALID_TOKEN: SPENT_LINK,
  user_not_found: LINK_WITHOUT_ACCOUNT,
  USER_NOT_FOUND: LINK_WITHOUT_ACCOUNT,
  // Mailed email-change links (better-auth's codes in capitals).
  INVALID_USER: {
    title: "Signed in as someone else",
    description:
      "This link belongs to another account than the one signed in here. Sign out, then open the link again, or open it in a private window.",
  },
  USER_ALREADY_EXISTS: {
    title: "That address is taken now",
    description:
      "Another account started using this address after you asked for the change, so your address stays as it was. Choose another address.",
  },
  unauthorized: {
    title: "Not allowed",
    description: "You need to sign in with an account that is allowed to do this.",
  },
  // Social sign-in codes better-auth 1.7 sends beyond SPEC §8 (docs/errors.md), and the provider's own.
  account_not_linked: {
    title: "Account exists with this email",
    description:
      "An account with this email already exists, and this sign-in method is not linked to it. Sign in to that account (for example with your password), then link this method from your account settings.",
  },
  email_does_not_match: {
    title: "Different email address",
    description:
      "The account you chose at the provider uses a different email address than yours here. Choose the account with the same email, or change your email first.",
  },
  email_not_verified: {
    title: "Email not verified",
    description:
      "Your email address is not verified yet. Check your inbox for the verification link we sent.",
  },
  state_invalid: {
    title: "Sign-in could not be verified",
    description: `This sign-in response does not match the attempt started in this browser. ${RESTART}`,
  },
  signup_disabled: {
    title: "No account found",
    description: "There is no account for this sign-in, and new accounts cannot be created this way.",
  },
  issuer_missing: {
    title: "Sign-in could not be verified",
    description: `The sign-in provider did not identify itself. ${RESTART}`,
  },
  issuer_mismatch: {
    title: "Sign-in could not be verified",
    description: `The answer came from a different sign-in provider than the one you chose. ${RESTART}`,
  },
  access_denied: {
    title: "Sign-in cancelled",
    description:
      "You did not allow the sign-in at the provider, so nothing was changed. You can try again or sign in another way.",
  },
  unable_to_create_user: {
    title: "Couldn't create your account",
    description: `Something went wrong on our side while creating your account. ${RESTART}`,
  },
  unable_to_create_session: {
    title: "Couldn't sign you in",
    description: `Something went wrong on our side while signing you in. ${RESTART}`,
  },
  internal_server_error: {
    title: "Something went wrong",
    description: `Something went wrong on our side. ${RESTART}`,
  },
  // Enterprise single sign-on (issue 19): every code of SSO_ERROR_CODES (src/shared/contracts/sso.ts).
  SSO_REQUIRED: {
    title: "Sign in with single sign-on",
    description:
      "Your organization requires addresses at your domain to sign in through its identity provider. Use “Continue with SSO” with your work email.",
  },
  SSO_DOMAIN_NOT_VERIFIED: {
    title: "Single sign-on is paused",
    description:
      "Your organization's domain is no longer verified, so sign-in through its identity provider is paused. Ask your administrator to verify the domain again, or sign in another way meanwhile.",
  },
  SSO_EMAIL_OUTSIDE_DOMAIN: {
    title: "Address outside the organization's domain",
    description:
      "Your identity provider answered with an email address outside the domain this single sign-on is for. Sign in at the provider with your work account, or ask your administrator to check the email attribute.",
  },
  SSO_IDP_INITIATED_DISABLED: {
    title: "Start from the sign-in page",
    description:
      "Your organization doesn't accept sign-ins started from the identity provider's dashboard. Use “Continue with SSO” on the sign-in page instead.",
  },
  SSO_TEST_COMPLETE: {
    title: "Test sign-in finished",
    description:
      "This was an administrator's test of single sign-on: nobody was signed in. The result is on the organization's Single sign-on page, and you can close this tab.",
  },
  invalid_saml_response: {
    title: "The sign-in answer was refused",
    description:
      "Your identity provider's answer could not be verified (its signature, audience or validity time did not check out). Try again; if it keeps failing, ask your administrator to check the single sign-on settings.",
  },
  saml_error: {
    title: "The sign-in answer was refused",
    description:
      "Your identity provider's answer could not be read or trusted (a missing or wrong signature, or sent outside its validity time). Try again; if it keeps failing, ask your administrator to check the IdP's certificate in the single sign-on settings.",
  },
  invalid_provider: {
    title: "The identity provider's answer couldn't be used",
    description:
      "Your company's identity provider did not give us what a sign-in needs (its token, your profile or its settings). Try again; if it keeps failing, ask your administrator to check the single sign-on settings.",
  },
  replay_detected: {
    title: "This sign-in was already used",
    description: `The identity provider's answer had been used once already, so it was refused for safety. ${RESTART}`,
  },
  invalid_state: {
    title: "Sign-in could not be verified",
    description: `The identity provider's answer does not match a sign-in started in this browser, or it took too long. ${RESTART}`,
  },
  unsolicited_response: {
    title: "Sign-in not asked for here",
    description:
      "An answer came from the identity provider that this browser did not ask for. Use “Continue with SSO” on the sign-in page instead.",
  },
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

/** Friendly text for a redirect error code, with a generic fallback that names the (sanitised) code. */
export function describeRedirectError(code: unknown): RedirectErrorText & { code: string; known: boolean } {
  const clean = sanitizeErrorCode(code);
  const known = Object.hasOwn(REDIRECT_ERRORS, clean) ? REDIRECT_ERRORS[clean] : undefined;
  if (known) return { ...known, code: clean, known: true };
  return {
    title: "Something went wrong",
    description: clean
      ? `The request could not be completed (error code: ${clean}). Please try again from the start.`
      : "The request could not be completed. Please try again from the start.",
    code: clean,
    known: false,
  };
}

/** True for the codes that mean a mailed link is no longer usable. */
export function isLinkError(code: string): boolean {
  return ["token_expired", "invalid_token", "INVALID_TOKEN", "TOKEN_EXPIRED"].includes(code);
}
