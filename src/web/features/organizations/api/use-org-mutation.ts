import { notifications } from "@mantine/notifications";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { orgErrorMessage } from "../lib/org-errors.ts";

/** The words of a notification. */
export interface Notice {
  title: string;
  message: string;
}

interface OrgMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The cached queries that go stale once the change is made. */
  invalidate: QueryKey;
  /** The success notification's words. */
  success: (variables: TVariables, data: TData) => Notice;
  /** What follows the notification: closing a dialog, clearing a field, going to another page. */
  onDone?: (variables: TVariables, data: TData) => unknown;
  /**
   * The title of a red notification telling the failure, for an action with no
   * place on screen to say it. Without it the caller shows `error` itself.
   */
  failureTitle?: string;
}

/**
 * A change to an organization's data. On success it refreshes the stale queries
 * first, so the screen is up to date when the success notification shows.
 */
export function useOrgMutation<TVariables = void, TData = unknown>({
  mutationFn,
  invalidate,
  success,
  onDone,
  failureTitle,
}: OrgMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: invalidate });
      notifications.show({ color: "teal", ...success(variables, data) });
      await onDone?.(variables, data);
    },
    onError: failureTitle
      ? (error) => notifications.show({ color: "red", title: failureTitle, message: orgErrorMessage(error) })
      : undefined,
  });
}
