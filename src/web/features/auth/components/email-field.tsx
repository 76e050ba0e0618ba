import { TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { LIMITS } from "#shared/limits.ts";

/**
 * The required "Email" field of the sign-in screens; pass it `form.getInputProps("email")`. Sign-in gives
 * it `autoComplete="username webauthn"`, so the browser offers passkeys in its autofill.
 */
export function EmailField({
  autoComplete = "email",
  label = "Email",
  ...props
}: GetInputPropsReturnType & { autoComplete?: string; label?: string; autoFocus?: boolean }) {
  return (
    <TextInput
      label={label}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      maxLength={LIMITS.email}
      {...props}
    />
  );
}
