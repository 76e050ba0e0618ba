import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";

/**
 * POST /api/auth/update-user { name }; the session (and the header) follow on their own. A failure shows
 * in the form, where "Try again" saves once more.
 */
export function useUpdateName() {
  return useApiMutation({
    mutationFn: (name: string) => authCall((o) => authClient.updateUser({ name }, o)),
    success: (name) => ({
      title: t("account.profile.updatedTitle"),
      message: t("account.profile.updatedMessage", { name }),
    }),
  });
}

/** POST /api/auth/update-user { image }: a data URL, an https address, or null to remove it. */
export function useUpdatePicture() {
  return useApiMutation({
    mutationFn: (image: string | null) => authCall((o) => authClient.updateUser({ image }, o)),
    success: (image) =>
      image
        ? { title: t("account.avatar.updatedTitle"), message: t("account.avatar.updatedMessage") }
        : { title: t("account.avatar.removedTitle"), message: t("account.avatar.removedMessage") },
    failureTitle: t("account.avatar.updateFailed"),
  });
}
