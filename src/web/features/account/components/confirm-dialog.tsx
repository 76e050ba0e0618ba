import { Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions. */
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small "are you sure" dialog; Cancel has the focus first, so Enter never destroys by accident. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  color,
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ "aria-label": "Close" }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="lg">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
