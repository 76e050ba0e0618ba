import { PasswordInput, Stack } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useId } from "react";
import { t } from "#web/i18n/i18n.ts";
import { usePasswordLimits } from "#web/lib/app-config.ts";
import { PasswordHint } from "./password-hint.tsx";

interface NewPasswordFieldsProps {
  /** `form.getInputProps(...)` of the new password; its value feeds the hint. */
  password: GetInputPropsReturnType;
  /** `form.getInputProps(...)` of the repeated password. */
  confirmation: GetInputPropsReturnType;
  label: string;
  /** @default "Confirm password" */
  confirmLabel?: string;
  required?: boolean;
}

/**
 * A new password with its length and strength hint (the server's limits, from /api/config), then the
 * same password again.
 */
export function NewPasswordFields({
  password,
  confirmation,
  label,
  confirmLabel = t("common.password.confirm"),
  required,
}: NewPasswordFieldsProps) {
  const hintId = useId();
  const limits = usePasswordLimits();
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
