import { Stack, Text } from "@mantine/core";
import type { QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Notice } from "#web/lib/api/notify.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { AppModal, DialogActions } from "./app-modal.tsx";
import { ErrorAlert } from "./error-alert.tsx";

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  /** Why the action failed, shown in place above the question. */
  error?: unknown;
  /** Red confirm button for an action that destroys or cannot be undone. @default true */
  danger?: boolean;
  confirmDisabled?: boolean;
  /** The label of the button that closes without acting. @default "Cancel" */
  cancelLabel?: string;
}

/**
 * The one "are you sure" dialog. Cancel has the focus first, so Enter never destroys by accident;
 * a failure shows in place.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  error,
  danger = true,
  confirmDisabled,
  ...actions
}: ConfirmDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <ErrorAlert error={error} onRetry={actions.onConfirm} />
        <Text size="sm" component="div">
          {children}
        </Text>
        <DialogActions
          {...actions}
          danger={danger}
          disabled={confirmDisabled}
          onCancel={onClose}
          focusCancel
        />
      </Stack>
    </AppModal>
  );
}

interface ConfirmActionDialogProps<T>
  extends Omit<ConfirmDialogProps, "opened" | "onConfirm" | "loading" | "error"> {
  /** What the action applies to; the dialog is open while it is set. */
  target: T | null;
  action: (target: T) => Promise<unknown>;
  /** The cached queries that go stale once the action is done. */
  invalidate: QueryKey | QueryKey[];
  /** The success notification's words. */
  success: (target: T) => Notice;
}

/**
 * A ConfirmDialog that runs its action on `target`: once done it refreshes, notifies and
 * closes; closing forgets a failure, so it does not show on the next opening.
 */
export function ConfirmActionDialog<T>({
  target,
  action,
  invalidate,
  success,
  onClose,
  ...dialog
}: ConfirmActionDialogProps<T>) {
  const mutation = useApiMutation({ mutationFn: action, invalidate, success, onDone: close });
  function close() {
    mutation.reset();
    onClose();
  }
  return (
    <ConfirmDialog
      {...dialog}
      opened={target !== null}
      onClose={close}
      onConfirm={() => {
        if (target !== null) mutation.mutate(target);
      }}
      loading={mutation.isPending}
      error={mutation.error}
    />
  );
}
