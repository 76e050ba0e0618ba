import { Button, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { LIMITS } from "#shared/limits.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage, trackRetryAfter } from "#web/lib/auth-errors.ts";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { validateEmail } from "../lib/validation.ts";

const COOLDOWN_SECONDS = 30;

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
  const [sending, setSending] = useState(false);
  const cooldown = useCooldown();

  async function resend(event: React.FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const invalid = validateEmail(address);
    setFieldError(invalid);
    if (invalid) return;
    setSending(true);
    const retry = trackRetryAfter();
    const { error } = await authClient.sendVerificationEmail({
      email: address,
      callbackURL: "/verified",
      fetchOptions: retry.fetchOptions,
    });
    setSending(false);
    if (error) {
      if (error.status === 429 && retry.state.seconds) cooldown.start(retry.state.seconds);
      notifications.show({
        color: "red",
        title: "Could not send the email",
        message: authErrorMessage(error, retry.state.seconds),
      });
      return;
    }
    cooldown.start(COOLDOWN_SECONDS);
    notifications.show({
      color: "teal",
      title: "Email sent",
      message: `If ${address} needs verifying, a new link is on its way.`,
    });
  }

  return (
    <form onSubmit={resend} noValidate>
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
