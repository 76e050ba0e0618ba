import { Button, Stack, Text, TextInput } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { emailSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { useResendVerification } from "../lib/use-resend-verification.ts";

const emailField = emailSchema("Enter your email address");

/**
 * "Resend email" for a verification link, with a cooldown. When the address
 * is not known (e.g. opened from an expired link) it asks for it.
 */
export function ResendVerification({
  email: knownEmail,
  variant = "default",
}: {
  email?: string;
  variant?: "default" | "filled";
}) {
  const [email, setEmail] = useState(knownEmail ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { resend, sending, cooldown } = useResendVerification((address) => ({
    title: "Email sent",
    message: `If ${address} needs verifying, a new link is on its way.`,
  }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = emailField.safeParse(email);
    setFieldError(checked.error?.issues[0]?.message ?? null);
    if (checked.success) resend(checked.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {knownEmail ? null : (
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            value={email}
            error={fieldError}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldError(null);
            }}
          />
        )}
        <Button
          type="submit"
          variant={variant}
          fullWidth
          size="md"
          loading={sending}
          disabled={cooldown.active}
          leftSection={<IconSend size={16} aria-hidden />}
        >
          Resend email
        </Button>
        <Text size="xs" c="dimmed" ta="center" aria-live="polite">
          {cooldown.active ? `You can send another email in ${cooldown.remaining} s.` : ""}
        </Text>
      </Stack>
    </form>
  );
}
