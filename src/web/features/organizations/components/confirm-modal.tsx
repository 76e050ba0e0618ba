import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { orgErrorMessage } from "../lib/org-errors.ts";

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {orgErrorMessage(error)}
          </Alert>
        ) : null}
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
    </Modal>
  );
}
