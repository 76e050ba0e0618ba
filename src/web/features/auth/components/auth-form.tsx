import { Button, Stack } from "@mantine/core";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
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

const FIELDS = "input:not([type=hidden]):not([disabled]), textarea:not([disabled])";

/**
 * For `useForm({ validateInputOnBlur: true, enhanceGetInputProps: validateTypedOnBlur })` in an AuthForm: a
 * field is checked on blur only once something was typed in it. The form starts in its first field, so
 * leaving it untouched (a tap on "Sign in" below) would flash "Enter your name", push the link down
 * under the finger, and lose the tap; an empty field still gets its error at submit.
 */
export function validateTypedOnBlur({
  inputProps,
  field,
  form,
}: {
  inputProps: { onBlur?: () => void };
  field: string;
  form: { isDirty: (path: string) => boolean };
}) {
  // Mantine assigns the answer onto `inputProps` itself: keep its own onBlur before it is replaced.
  const validate = inputProps.onBlur;
  return { onBlur: () => (form.isDirty(field) ? validate?.() : undefined) };
}

/**
 * The form of a sign-in screen: the failure, the fields, one full-width submit button. For the keyboard
 * and screen readers (issue 20) it starts in its first empty field, and after a failed attempt takes focus
 * to what went wrong: the first field the form refused, or the server's answer.
 */
export function AuthForm({ onSubmit, error, errorAction, submitLabel, loading, children }: AuthFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [attempts, setAttempts] = useState(0);

  useEffect(() => {
    const form = formRef.current;
    // A field that focuses itself (a code field) is left alone.
    if (!form || form.contains(document.activeElement)) return;
    const fields = [...form.querySelectorAll<HTMLInputElement>(FIELDS)];
    (fields.find((field) => field.value === "") ?? fields[0])?.focus();
  }, []);

  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  // Keyed on the words, not the object: a screen that words its failure itself makes a new one at each render,
  // and each key typed in a field would otherwise send the focus back to the alert.
  const failure = error instanceof Error ? error.message : error ? String(error) : "";
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        onSubmit(event);
        setAttempts((n) => n + 1);
      }}
      noValidate
    >
      <Stack gap="md">
        <ErrorAlert ref={alertRef} error={error}>
          {errorAction}
        </ErrorAlert>
        {children}
        <Button type="submit" fullWidth size="md" loading={loading}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
