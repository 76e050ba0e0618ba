import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useResendVerification } from "../lib/use-resend-verification.ts";

/** A sign-in refused for an unverified address: better-auth has just mailed a new link; offer another. */
export function UnverifiedEmailAlert({ email }: { email: string }) {
  const { resend, sending, cooldown } = useResendVerification((to) => ({
    title: "Verification email sent",
    message: `Check ${to} for a new link.`,
  }));

  return (
    <Alert
      color="yellow"
      variant="light"
      title="Email not verified"
      icon={<IconMailForward size={18} aria-hidden />}
    >
      <Stack gap="xs">
        <Text size="sm">
          {`You need to confirm ${email} before signing in. We just sent a new verification link — open it from your inbox.`}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => resend(email)}
            loading={sending}
            disabled={cooldown.active}
          >
            Resend verification email
          </Button>
          {cooldown.active ? (
            <Text size="xs" c="dimmed">{`You can resend in ${cooldown.remaining} s`}</Text>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}
