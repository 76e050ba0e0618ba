import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ErrorWording } from "./error-text.ts";
import { type Notice, notifyFailure, notifySuccess } from "./notify.ts";

export interface ApiMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The cached queries that go stale once the change is made (each key a prefix). */
  invalidate?: QueryKey | QueryKey[];
  /** The success notification's words; none when absent. */
  success?: (variables: TVariables, data: TData) => Notice;
  /** What follows: closing a dialog, clearing a field, going to another page. */
  onDone?: (variables: TVariables, data: TData) => unknown;
  /**
   * The title of a red notification telling the failure, for an action with no place on
   * screen to say it. Without it the caller shows `mutation.error` itself.
   */
  failureTitle?: string;
  /** The screen's own words for some error codes. */
  wording?: ErrorWording;
  /** Errors that need no notification (e.g. the person closed the re-authentication dialog). */
  silent?: (error: unknown) => boolean;
}

function keysOf(invalidate: QueryKey | QueryKey[] | undefined): QueryKey[] {
  if (!invalidate) return [];
  return Array.isArray(invalidate[0]) ? (invalidate as QueryKey[]) : [invalidate as QueryKey];
}

/**
 * The one mutation hook of the web app. On success it refreshes the stale queries first, so
 * the screen is up to date when the success notification shows; a refusal is never retried.
 */
export function useApiMutation<TVariables = void, TData = unknown>({
  mutationFn,
  invalidate,
  success,
  onDone,
  failureTitle,
  wording,
  silent,
}: ApiMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await Promise.all(keysOf(invalidate).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (success) notifySuccess(success(variables, data));
      await onDone?.(variables, data);
    },
    onError: failureTitle
      ? (error) => {
          if (silent?.(error)) return;
          notifyFailure(failureTitle, error, wording);
        }
      : undefined,
  });
}
