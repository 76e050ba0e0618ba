import { useQueryClient } from "@tanstack/react-query";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "./api/call.ts";
import { useApiMutation } from "./api/use-api-mutation.ts";
import { authClient } from "./auth-client.ts";

/**
 * Signing out, from the header. Nothing cached for the previous user may leak into the next
 * session, so every query but the public config is dropped before `onDone`.
 */
export function useSignOut(onDone: () => unknown) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: () => authCall((o) => authClient.signOut(undefined, o)),
    failureTitle: t("common.session.signOutFailed"),
    onDone: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
      return onDone();
    },
  });
}

/** Ends an admin's impersonation; the session cookie becomes the admin's own again. */
export function useStopImpersonating(onDone: () => unknown) {
  return useApiMutation({
    mutationFn: () => authCall((o) => authClient.admin.stopImpersonating(undefined, o)),
    failureTitle: t("common.session.stopImpersonatingFailed"),
    onDone,
  });
}
