import { PasswordInput, type PasswordInputProps } from "@mantine/core";

/**
 * The account's current password, asked again to confirm a sensitive step, with the account's address beside it
 * (hidden) so password managers know whose password to fill.
 */
export function CurrentPasswordField({ email, ...props }: PasswordInputProps & { email: string }) {
  return (
    <>
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordInput autoComplete="current-password" {...props} />
    </>
  );
}
