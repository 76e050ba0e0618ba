import { Alert, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { useSendVerificationEmail } from "../api/use-email.ts";
import { CooldownButton } from "./pending-email-notice.tsx";

/** "Not verified" comes with a way out: a new verification link. */
export function VerifyEmailAlert({ email }: { email: string }) {
  const cooldown = useCooldown();
  const send = useSendVerificationEmail();

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="Verify your address"
    >
      <Stack gap="xs">
        <Text size="sm">
          Until you open the link we sent, some features stay locked, like accepting invitations.
        </Text>
        <Group>
          <CooldownButton
            label="Send verification link"
            onClick={() => send.mutate(email, { onSuccess: () => cooldown.start(30) })}
            loading={send.isPending}
            remaining={cooldown.remaining}
          />
        </Group>
      </Stack>
    </Alert>
  );
}
