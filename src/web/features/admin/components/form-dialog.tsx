import { Select, type SelectProps, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import type { FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import type { AdminUser } from "../api/admin-users.ts";
import { adminWording } from "../lib/admin-wording.ts";

/** What a dialog acting on one user is given. */
export interface UserDialogProps {
  user: AdminUser;
  opened: boolean;
  onClose: () => void;
}

/** A dialog's form, checked by the shared field schemas as it is typed (each field on blur). */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
) {
  return useForm<Values>({
    mode: "controlled",
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
}

/**
 * The close of a dialog: it forgets what was typed and the last failure (each part's `reset`),
 * so the next opening starts clean.
 */
export function closing(onClose: () => void, ...parts: { reset: () => void }[]) {
  return () => {
    for (const part of parts) part.reset();
    onClose();
  };
}

/** A choice in a dialog's form: its list opens above the dialog. */
export function FormSelect(props: SelectProps) {
  return <Select size="md" allowDeselect={false} comboboxProps={{ withinPortal: true }} {...props} />;
}

interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Runs on the submit button or Enter, unless `submitDisabled`. */
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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!submitDisabled) onSubmit(event);
        }}
        noValidate
      >
        <Stack gap="md">
          {intro}
          <ErrorAlert error={error} title={errorTitle} wording={adminWording()} />
          {children}
          <DialogActions
            confirmLabel={submitLabel}
            onCancel={onClose}
            danger={danger}
            loading={loading}
            disabled={submitDisabled}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
