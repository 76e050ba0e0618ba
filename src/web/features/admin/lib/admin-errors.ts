import { type AuthErrorLike, authErrorMessage } from "#web/lib/auth-errors.ts";

/**
 * Plain words for the admin plugin's error codes. Codes not listed keep the
 * server's own message, e.g. the organizations rule that refuses to delete a
 * user who is the only owner of an organization.
 */
const ADMIN_ERROR_TEXT: Record<string, string> = {
  USER_ALREADY_EXISTS: "An account with this email already exists.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Use another email.",
  FAILED_TO_CREATE_USER: "We couldn't create this user. Check the fields and try again.",
  YOU_CANNOT_BAN_YOURSELF: "You cannot ban your own account.",
  YOU_CANNOT_REMOVE_YOURSELF: "You cannot delete your own account from the admin area.",
  YOU_CANNOT_IMPERSONATE_ADMINS: "Admins cannot be impersonated.",
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: "That role does not exist.",
  INVALID_ROLE_TYPE: "That role does not exist.",
  USER_NOT_FOUND: "This user no longer exists. They may have been deleted.",
};

/** A refused better-auth admin call, thrown so react-query sees the failure. */
export class AdminCallError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(error: AuthErrorLike) {
    const known = error.code ? ADMIN_ERROR_TEXT[error.code] : undefined;
    const forbidden =
      error.status === 403 && error.code?.startsWith("YOU_ARE_NOT_ALLOWED")
        ? "Your account is not allowed to do this. Only admins can manage users."
        : undefined;
    super(known ?? forbidden ?? authErrorMessage(error));
    this.name = "AdminCallError";
    this.status = error.status;
    this.code = error.code;
  }
}

/** better-auth client calls answer `{ data, error }`; this returns the data or throws an AdminCallError. */
export async function unwrap<T>(call: Promise<{ data: T | null; error: AuthErrorLike | null }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new AdminCallError(error);
  return data as T;
}

/** Plain words for anything a query or mutation threw. */
export function adminErrorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

export function isNotFound(error: unknown): boolean {
  return error instanceof AdminCallError && (error.status === 404 || error.code === "USER_NOT_FOUND");
}
