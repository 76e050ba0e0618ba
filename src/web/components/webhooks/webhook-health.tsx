import { Badge, Group, Text } from "@mantine/core";
import type { WebhookEndpoint } from "#shared/contracts/webhooks.ts";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";

type Health = "enabled" | "failing" | "disabled";

/** Enabled and fine, enabled but failing lately, or disabled (by hand, or after repeated failure). */
export function healthOf(endpoint: WebhookEndpoint): Health {
  if (!endpoint.enabled) return "disabled";
  return endpoint.health.consecutiveFailures > 0 ? "failing" : "enabled";
}

const BADGES: Record<Health, { color: string; label: MessageId }> = {
  enabled: { color: "teal", label: "webhooks.health.enabled" },
  // Red, not orange: orange light badges miss the 4.5:1 contrast.
  failing: { color: "red", label: "webhooks.health.failing" },
  disabled: { color: "gray", label: "webhooks.health.disabled" },
};

/** The endpoint's state as a badge, and its last attempt in words. */
export function WebhookHealth({ endpoint }: { endpoint: WebhookEndpoint }) {
  const health = healthOf(endpoint);
  const { lastAttemptAt, lastStatus, consecutiveFailures, pending } = endpoint.health;
  const notes = [
    lastAttemptAt
      ? lastStatus
        ? t("webhooks.health.lastAttemptStatus", { when: formatRelative(lastAttemptAt), status: lastStatus })
        : t("webhooks.health.lastAttempt", { when: formatRelative(lastAttemptAt) })
      : t("webhooks.health.noAttempt"),
    consecutiveFailures > 0 ? t("webhooks.health.failedInARow", { count: consecutiveFailures }) : null,
    pending > 0 ? t("webhooks.health.waiting", { count: pending }) : null,
    !endpoint.enabled && endpoint.disabledReason === "failing" ? t("webhooks.health.turnedOff") : null,
  ].filter(Boolean);
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={BADGES[health].color} variant="light" data-testid="webhook-health">
        {t(BADGES[health].label)}
      </Badge>
      <Text size="xs" c="dimmed" title={lastAttemptAt ? formatDateTime(lastAttemptAt) : undefined}>
        {notes.join(" · ")}
      </Text>
    </Group>
  );
}
