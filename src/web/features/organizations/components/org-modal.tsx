import { Modal } from "@mantine/core";
import type { ReactNode } from "react";

interface OrgModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/** The dialog frame of the organization screens: centered, rounded, with a named close button. */
export function OrgModal({ opened, onClose, title, children }: OrgModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {children}
    </Modal>
  );
}
