import { type AuthErrorLike, authErrorMessage } from "#web/lib/auth-errors.ts";

/** A refused better-auth call, thrown so react-query and the re-authentication flow can see it. */
export class AuthCallError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** The server's own message, before it was put in plain words. */
  readonly serverMessage: string | undefined;

  constructor(error: AuthErrorLike) {
    super(authErrorMessage(error));
    this.name = "AuthCallError";
    this.status = error.status;
    this.code = error.code;
    this.serverMessage = error.message;
  }
}

/** better-auth client calls answer `{ data, error }`; this returns the data or throws an AuthCallError. */
export async function unwrap<T>(call: Promise<{ data: T | null; error: AuthErrorLike | null }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new AuthCallError(error);
  return data as T;
}

/**
 * True when the server wants the password again before this action:
 * SPEC §8 "Session is not fresh" (403) or "Session expired. Re-authenticate
 * to perform this action." (400 on account deletion).
 */
export function isFreshnessError(error: unknown): boolean {
  if (!(error instanceof AuthCallError)) return false;
  if (error.code === "SESSION_NOT_FRESH" || error.code === "SESSION_EXPIRED") return true;
  const text = error.serverMessage ?? "";
  return /session is not fresh/i.test(text) || /re-authenticate/i.test(text);
}

/** Plain words for anything a mutation or query threw. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}
