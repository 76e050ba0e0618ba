import { TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { LIMITS } from "#shared/limits.ts";

/** The required "Email" field of the sign-in screens; pass it `form.getInputProps("email")`. */
export function EmailField(props: GetInputPropsReturnType) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      maxLength={LIMITS.email}
      {...props}
    />
  );
}
