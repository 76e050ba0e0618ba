import { ERROR_CODES } from "#shared/error-codes.ts";
import { ApiError } from "#web/lib/api/api-error.ts";
import { type ApiMutationOptions, useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { isReauthCancelled, useFreshAction } from "../lib/fresh-action.tsx";

/** A wrong current password: the form says it next to the field. */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.invalidPassword;
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
