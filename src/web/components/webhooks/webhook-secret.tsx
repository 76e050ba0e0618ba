import { Button, Code, Group, Stack, Text } from "@mantine/core";
import { formatDateTime } from "#web/lib/format.ts";
import { CopyValueButton } from "../copy-value.tsx";
import { ShownOnceAlert } from "../shown-once-alert.tsx";

/** A signing secret, this one time: copy it into the receiver's configuration now. */
export function WebhookSecret({
  secret,
  previousExpiresAt,
  onDone,
}: {
  secret: string;
  /** After a rotation: until when the old secret still signs. */
  previousExpiresAt?: string;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <ShownOnceAlert>
        This is the only time you will see this signing secret. Copy it into your receiver now; Gatehouse
        keeps it to sign deliveries but never shows it again. If you lose it, rotate it.
      </ShownOnceAlert>
      <Code block data-testid="webhook-secret" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {secret}
      </Code>
      <CopyValueButton value={secret} label="secret" variant="filled" />
      <Text size="sm">
        Each delivery carries the headers webhook-id, webhook-timestamp and webhook-signature (the Standard
        Webhooks scheme): verify them with the standardwebhooks or svix library and this secret.
      </Text>
      {previousExpiresAt ? (
        <Text size="sm" c="dimmed">
          {`The previous secret also signs deliveries until ${formatDateTime(previousExpiresAt)}, so you can switch your receiver over without losing any.`}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
