import { Button, Group, Modal, type ModalProps } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";

interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: ModalProps["size"];
}

const TITLE_STYLES = { title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } };

/** The one dialog frame of the app: centered, rounded, a bold title and a named close button. */
export function AppModal({ opened, onClose, title, children, size = "md" }: AppModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
      size={size}
      styles={TITLE_STYLES}
      closeButtonProps={{ "aria-label": t("common.actions.close") }}
    >
      {children}
    </Modal>
  );
}

interface DialogActionsProps {
  confirmLabel: string;
  /** Without it the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  onCancel: () => void;
  /** @default "Cancel" */
  cancelLabel?: string;
  /** Red confirm button, for what destroys or cannot be undone. */
  danger?: boolean;
  loading?: boolean;
  disabled?: boolean;
  /** Cancel takes the focus first, so Enter never confirms by accident (yes/no questions). */
  focusCancel?: boolean;
}

/** The buttons at the foot of every dialog: Cancel, then the action. */
export function DialogActions({
  confirmLabel,
  onConfirm,
  onCancel,
  cancelLabel = t("common.actions.cancel"),
  danger,
  loading,
  disabled,
  focusCancel,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} data-autofocus={focusCancel || undefined}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? "button" : "submit"}
        // red.8: white on the default red filled shade is under 4.5:1.
        color={danger ? "red.8" : undefined}
        onClick={onConfirm}
        loading={loading}
        disabled={disabled}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
