import { ApiError } from "#web/lib/api/api-error.ts";
import { type ApiMutationOptions, useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { isReauthCancelled, useFreshAction } from "../lib/fresh-action.tsx";

/** better-auth's code for a wrong current password; the form says it next to the field. */
const INVALID_PASSWORD = "INVALID_PASSWORD";

export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiError && error.code === INVALID_PASSWORD;
}

/**
 * useApiMutation for an action that needs a recent sign-in (SPEC §4): a SESSION_NOT_FRESH answer
 * opens the re-authentication dialog and the action runs once more. Closing that dialog is no
 * failure, so it never shows a notification.
 */
export function useFreshMutation<TVariables = void, TData = unknown>({
  mutationFn,
  silent,
  ...options
}: ApiMutationOptions<TVariables, TData>) {
  const fresh = useFreshAction();
  return useApiMutation({
    ...options,
    mutationFn: (variables: TVariables) => fresh.run(() => mutationFn(variables)),
    silent: (error) => isReauthCancelled(error) || (silent?.(error) ?? false),
  });
}
