import { Modal } from "@mantine/core";
import type { ReactNode } from "react";
import type { AdminUser } from "../api/admin-users.ts";

const TITLE_STYLES = { title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } };

/** What a dialog acting on one user is given. */
export interface UserDialogProps {
  user: AdminUser;
  opened: boolean;
  onClose: () => void;
}

/** The centered modal every admin action opens in, with its bold title and a named close button. */
export function AdminDialog({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ "aria-label": "Close" }}
      styles={TITLE_STYLES}
      title={title}
      centered
      size="md"
    >
      {children}
    </Modal>
  );
}
