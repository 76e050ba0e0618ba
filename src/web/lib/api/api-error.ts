import { ERROR_CODES } from "#shared/error-codes.ts";
import { TIMEOUT_ERROR } from "./deadline-fetch.ts";

/**
 * The one error type of the web app: every refused or failed call, to better-auth or to the
 * product API, ends up as an ApiError. `message` is the server's own message (or a network
 * description); what a person reads comes from `errorText`, chosen by `code`.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** The server's machine-readable code, e.g. `SESSION_NOT_FRESH`. */
  readonly code: string | undefined;
  /** Seconds to wait, from a 429 answer's `X-Retry-After`. */
  readonly retryAfter: number | undefined;
  /**
   * The refusal's body as the server sent it: besides code and message, the facts some refusals name
   * (ROLE_IN_USE's `members` and `invitations`, SSO_REQUIRED's `organization`), which errorText words.
   */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    message: string,
    code?: string,
    retryAfter?: number,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.details = details;
  }
}

/** The status of a network failure: no answer came back. */
export const NETWORK_STATUS = 0;

/** The code of a network failure that is a call past its deadline (the server took no notice). */
export const TIMEOUT_CODE = "TIMEOUT";

/**
 * What a call that got no answer throws: offline, a request refused on the way ("Failed to fetch") or one
 * past its deadline. The words a person reads are errorText's, never the browser's.
 */
export function networkError(cause: unknown): ApiError {
  const message = cause instanceof Error ? cause.message : "Network error";
  const timedOut = cause instanceof Error && cause.name === TIMEOUT_ERROR;
  return new ApiError(NETWORK_STATUS, message, timedOut ? TIMEOUT_CODE : undefined);
}

/** True when no answer came back: offline, the request refused on the way, or past its deadline. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === NETWORK_STATUS;
}

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

/** A refusal (4xx): asking again will not change the answer. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** True when the server wants the password again before this action (SPEC §4, §8). */
export function isFreshnessError(error: unknown): boolean {
  return hasCode(error, ERROR_CODES.sessionNotFresh, ERROR_CODES.sessionExpired);
}

/** True when the server refused because this person is an organization's only owner (SPEC §6). */
export function isOnlyOwnerError(error: unknown): boolean {
  return hasCode(error, ERROR_CODES.onlyOwnerLeave, ERROR_CODES.onlyOwnerDelete);
}

/** True when a policy (an organization's, or REQUIRE_2FA_FOR_ADMINS) wants two-factor this person lacks. */
export function isTwoFactorRequired(error: unknown): boolean {
  return hasCode(error, ERROR_CODES.twoFactorRequiredByOrganization, ERROR_CODES.twoFactorRequiredForAdmins);
}

/**
 * True when a sign-in other than single sign-on was refused because the address's domain requires it
 * (issue 19): the way on is "Continue with SSO".
 */
export function isSsoRequired(error: unknown): boolean {
  return hasCode(error, "SSO_REQUIRED");
}

/** True when what was asked for does not exist (any more). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === ERROR_CODES.userNotFound);
}

/** True when asking again may help: no answer came back, or the server failed (not a refusal). */
export function isWorthRetrying(error: unknown): boolean {
  return error instanceof ApiError && !isRefusal(error);
}

/**
 * The one retry rule of every query: a refusal (4xx) is final, so only network and server
 * faults are asked again, twice at most; a call past its deadline already waited long enough.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isRefusal(error) && !hasCode(error, TIMEOUT_CODE) && failureCount < 2;
}
