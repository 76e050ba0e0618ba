/** Title and explanation for an error code the server redirects to (SPEC §8). */
export interface RedirectErrorText {
  title: string;
  description: string;
}

const RESTART = "Please start again from the sign-in page.";

/**
 * Every redirect error code the server may put in `?error=` (SPEC §8), in
 * plain words. Shared by the /error and /verified screens.
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
  token_expired: {
    title: "Link expired",
    description: "This link has expired. Request a new one and use it within the time shown in the email.",
  },
  invalid_token: {
    title: "Invalid link",
    description: "This link is invalid or has already been used. Request a new one.",
  },
  INVALID_TOKEN: {
    title: "Invalid link",
    description: "This link is invalid or has already been used. Request a new one.",
  },
  user_not_found: {
    title: "Account not found",
    description: "We could not find the account this link belongs to. It may have been deleted.",
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
};

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
