import { Modal, type ModalProps } from "@mantine/core";
import type { ReactNode } from "react";

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
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {children}
    </Modal>
  );
}
