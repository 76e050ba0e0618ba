/** The error shape better-auth's client returns in `{ error }`. */
export interface AuthErrorLike {
  status?: number;
  statusText?: string;
  code?: string;
  message?: string;
}

/**
 * Friendly text for the better-auth error codes a person can meet in the web
 * app. The one place for this wording; unknown codes fall back to the
 * server's own message.
 */
const AUTH_ERROR_MESSAGES: Record<string, string> = {
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
  EMAIL_ALREADY_VERIFIED: "This email address is already verified. You can sign in.",
  SESSION_EXPIRED: "Your session has expired. Sign in again to continue.",
  FAILED_TO_CREATE_USER: "We couldn't create your account. Please try again.",
  FAILED_TO_CREATE_SESSION: "We couldn't sign you in. Please try again.",
  INVALID_ORIGIN: "This request came from a page we don't trust. Reload the page and try again.",
  MISSING_OR_NULL_ORIGIN: "This request came from a page we don't trust. Reload the page and try again.",
  INVALID_CALLBACK_URL: "The return address of this request is not allowed.",
  VALIDATION_ERROR: "Some fields are not valid. Check them and try again.",
};

/** Reads better-auth's `X-Retry-After` (seconds) from a rate-limited answer. */
export function parseRetryAfter(value: string | null | undefined): number | null {
  if (!value) return null;
  const seconds = Number.parseInt(value, 10);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * Fetch options for a better-auth client call that remember the retry delay
 * of a 429 answer, since the `{ error }` object does not carry headers.
 */
export function trackRetryAfter() {
  const state: { seconds: number | null } = { seconds: null };
  const fetchOptions = {
    onError(context: { response: Response }) {
      state.seconds = parseRetryAfter(context.response.headers.get("X-Retry-After"));
    },
  };
  return { state, fetchOptions };
}

/** Plain-words text for an auth error, for an Alert or a notification. */
export function authErrorMessage(
  error: AuthErrorLike | null | undefined,
  retryAfterSeconds?: number | null,
): string {
  if (!error) return "Something went wrong. Please try again.";
  if (error.status === 429) {
    return retryAfterSeconds
      ? `Too many attempts, try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}.`
      : "Too many attempts, please wait a moment and try again.";
  }
  const known = error.code ? AUTH_ERROR_MESSAGES[error.code] : undefined;
  if (known) return known;
  if (error.message) return error.message;
  if (error.status === 0 || error.status === undefined) {
    return "We couldn't reach the server. Check your connection and try again.";
  }
  if (error.status >= 500) return "The server ran into a problem. Please try again in a moment.";
  return error.statusText || "Something went wrong. Please try again.";
}
