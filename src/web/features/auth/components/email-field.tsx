import { TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { LIMITS } from "#shared/limits.ts";
import { t } from "#web/i18n/i18n.ts";

/**
 * The required "Email" field of the sign-in screens; pass it `form.getInputProps("email")`. Sign-in gives
 * it `autoComplete="username webauthn"`, so the browser offers passkeys in its autofill.
 */
export function EmailField({
  autoComplete = "email",
  label,
  ...props
}: GetInputPropsReturnType & { autoComplete?: string; label?: string; autoFocus?: boolean }) {
  return (
    <TextInput
      label={label ?? t("auth.field.email")}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      maxLength={LIMITS.email}
      {...props}
    />
  );
}
