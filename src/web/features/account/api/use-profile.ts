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
    success: (name) => ({ title: "Profile updated", message: `You now appear as ${name}.` }),
  });
}

/** POST /api/auth/update-user { image }: a data URL, an https address, or null to remove it. */
export function useUpdatePicture() {
  return useApiMutation({
    mutationFn: (image: string | null) => authCall((o) => authClient.updateUser({ image }, o)),
    success: (image) =>
      image
        ? { title: "Profile picture updated", message: "Your new picture is shown everywhere." }
        : { title: "Profile picture removed", message: "Your initials are shown instead." },
    failureTitle: "Could not update your picture",
  });
}
