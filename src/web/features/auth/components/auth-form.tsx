import { Button, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { ErrorAlert } from "#web/components/error-alert.tsx";

interface AuthFormProps {
  /** `form.onSubmit(handler)` of @mantine/form. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Why the last attempt failed, shown above the fields; nothing while it is empty. */
  error: unknown;
  /** A way on under the failure, e.g. "Request a new link". */
  errorAction?: ReactNode;
  submitLabel: string;
  loading: boolean;
  /** The fields. */
  children: ReactNode;
}

/** The form of a sign-in screen: the failure, the fields, one full-width submit button. */
export function AuthForm({ onSubmit, error, errorAction, submitLabel, loading, children }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={error}>{errorAction}</ErrorAlert>
        {children}
        <Button type="submit" fullWidth size="md" loading={loading}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
