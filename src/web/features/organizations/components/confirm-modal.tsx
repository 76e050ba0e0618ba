import { Button, Group, Stack, Text } from "@mantine/core";
import type { QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type Notice, useOrgMutation } from "../api/use-org-mutation.ts";
import { OrgModal } from "./org-modal.tsx";
import { ActionError } from "./page-states.tsx";

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  error?: unknown;
  danger?: boolean;
  confirmDisabled?: boolean;
  /** The label of the button that closes without acting. @default "Cancel" */
  cancelLabel?: string;
}

/** A yes/no question before an action that cannot be undone, with the failure shown in place. */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  loading,
  error,
  danger = true,
  confirmDisabled,
  cancelLabel = "Cancel",
}: ConfirmModalProps) {
  return (
    <OrgModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <ActionError error={error} />
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button
            // red.8: white on the default red filled shade is under 4.5:1.
            color={danger ? "red.8" : undefined}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </OrgModal>
  );
}

interface ConfirmActionModalProps<T>
  extends Omit<ConfirmModalProps, "opened" | "onConfirm" | "loading" | "error"> {
  /** What the action applies to; the modal is open while it is set. */
  target: T | null;
  action: (target: T) => Promise<unknown>;
  /** The cached queries that go stale once the action is done. */
  invalidate: QueryKey;
  /** The success notification's words. */
  success: (target: T) => Notice;
}

/**
 * A ConfirmModal that runs its action on `target`: once done it refreshes,
 * notifies and closes; closing forgets a failure, so it does not show on the next opening.
 */
export function ConfirmActionModal<T>({
  target,
  action,
  invalidate,
  success,
  onClose,
  ...modal
}: ConfirmActionModalProps<T>) {
  const mutation = useOrgMutation({ mutationFn: action, invalidate, success, onDone: close });
  function close() {
    mutation.reset();
    onClose();
  }
  return (
    <ConfirmModal
      {...modal}
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
