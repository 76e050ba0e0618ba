import { t } from "#web/i18n/i18n.ts";
import type { ErrorWording } from "#web/lib/api/error-text.ts";

/**
 * The admin screens' own words where a code means something more precise here than in the
 * shared catalogue: the user acted on is someone else, and a refusal means the signed-in
 * person is not (or no longer) an admin. A function: the words are those of the current language.
 */
export function adminWording(): ErrorWording {
  return {
    codes: {
      USER_NOT_FOUND: t("admin.wording.userNotFound"),
      FAILED_TO_CREATE_USER: t("admin.wording.failedToCreateUser"),
    },
    forbidden: t("admin.wording.forbidden"),
  };
}
