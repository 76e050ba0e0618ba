import { Button, Code, Group, Stack, Text } from "@mantine/core";
import { t } from "#web/i18n/i18n.ts";
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
      <ShownOnceAlert>{t("webhooks.secret.shownOnce")}</ShownOnceAlert>
      <Code block data-testid="webhook-secret" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {secret}
      </Code>
      <CopyValueButton value={secret} label={t("webhooks.secret.copyLabel")} variant="filled" />
      <Text size="sm">{t("webhooks.secret.verify")}</Text>
      {previousExpiresAt ? (
        <Text size="sm" c="dimmed">
          {t("webhooks.secret.previousUntil", { until: formatDateTime(previousExpiresAt) })}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onDone}>{t("webhooks.secret.done")}</Button>
      </Group>
    </Stack>
  );
}
