import { PasswordInput, Stack } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import type { PasswordLimits } from "#shared/fields.ts";
import { PasswordHint } from "./password-hint.tsx";

interface NewPasswordFieldsProps {
  /** `form.getInputProps(...)` of the new password; its value feeds the hint. */
  password: GetInputPropsReturnType;
  /** `form.getInputProps(...)` of the repeated password. */
  confirmation: GetInputPropsReturnType;
  label: string;
  confirmLabel: string;
  /** Unique on the page: the hint's id, which the password field is described by. */
  hintId: string;
  limits: PasswordLimits;
  required?: boolean;
}

/** A new password with its length and strength hint, then the same password again. */
export function NewPasswordFields({
  password,
  confirmation,
  label,
  confirmLabel,
  hintId,
  limits,
  required,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Stack gap={6}>
        <PasswordInput
          label={label}
          autoComplete="new-password"
          required={required}
          aria-describedby={hintId}
          {...password}
        />
        <PasswordHint id={hintId} value={password.value} limits={limits} />
      </Stack>
      <PasswordInput label={confirmLabel} autoComplete="new-password" required={required} {...confirmation} />
    </>
  );
}
