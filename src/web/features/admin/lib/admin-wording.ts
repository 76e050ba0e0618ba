import type { ErrorWording } from "#web/lib/api/error-text.ts";

/**
 * The admin screens' own words where a code means something more precise here than in the
 * shared catalogue: the user acted on is someone else, and a refusal means the signed-in
 * person is not (or no longer) an admin.
 */
export const ADMIN_WORDING: ErrorWording = {
  codes: {
    USER_NOT_FOUND: "This user no longer exists. They may have been deleted.",
    FAILED_TO_CREATE_USER: "We couldn't create this user. Check the fields and try again.",
  },
  forbidden: "Your account is not allowed to do this. Only admins can manage users.",
};
