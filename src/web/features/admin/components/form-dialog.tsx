import { Button, Group, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { AppModal } from "#web/components/app-modal.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import type { AdminUser } from "../api/admin-users.ts";
import { ADMIN_WORDING } from "../lib/admin-wording.ts";

/** What a dialog acting on one user is given. */
export interface UserDialogProps {
  user: AdminUser;
  opened: boolean;
  onClose: () => void;
}

interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Why the last try failed, shown above the fields in the admin's words. */
  error: unknown;
  errorTitle?: string;
  submitLabel: string;
  /** A red submit button for an action against the user (ban, delete). */
  danger?: boolean;
  loading: boolean;
  submitDisabled?: boolean;
  /** What stands above the error, e.g. what the action does. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * Every admin dialog: a form in the app's dialog frame, the failure in place, Cancel and the
 * action at the bottom. Enter submits, so the action's rules belong in `onSubmit`.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  onSubmit,
  error,
  errorTitle,
  submitLabel,
  danger,
  loading,
  submitDisabled,
  intro,
  children,
}: FormDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {intro}
          <ErrorAlert error={error} title={errorTitle} wording={ADMIN_WORDING} />
          {children}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={danger ? "red.9" : undefined}
              loading={loading}
              disabled={submitDisabled}
            >
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
