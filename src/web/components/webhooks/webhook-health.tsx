import { Badge, Group, Text } from "@mantine/core";
import type { WebhookEndpoint } from "#shared/contracts/webhooks.ts";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";

type Health = "enabled" | "failing" | "disabled";

/** Enabled and fine, enabled but failing lately, or disabled (by hand, or after repeated failure). */
export function healthOf(endpoint: WebhookEndpoint): Health {
  if (!endpoint.enabled) return "disabled";
  return endpoint.health.consecutiveFailures > 0 ? "failing" : "enabled";
}

const BADGES: Record<Health, { color: string; label: string }> = {
  enabled: { color: "teal", label: "Enabled" },
  // Red, not orange: orange light badges miss the 4.5:1 contrast.
  failing: { color: "red", label: "Failing" },
  disabled: { color: "gray", label: "Disabled" },
};

/** The endpoint's state as a badge, and its last attempt in words. */
export function WebhookHealth({ endpoint }: { endpoint: WebhookEndpoint }) {
  const health = healthOf(endpoint);
  const { lastAttemptAt, lastStatus, consecutiveFailures, pending } = endpoint.health;
  const notes = [
    lastAttemptAt
      ? `Last attempt ${formatRelative(lastAttemptAt)}${lastStatus ? `: ${lastStatus}` : ""}`
      : "No attempt yet",
    consecutiveFailures > 0 ? `${consecutiveFailures} failed in a row` : null,
    pending > 0 ? `${pending} waiting` : null,
    !endpoint.enabled && endpoint.disabledReason === "failing" ? "turned off after repeated failure" : null,
  ].filter(Boolean);
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={BADGES[health].color} variant="light" data-testid="webhook-health">
        {BADGES[health].label}
      </Badge>
      <Text size="xs" c="dimmed" title={lastAttemptAt ? formatDateTime(lastAttemptAt) : undefined}>
        {notes.join(" · ")}
      </Text>
    </Group>
  );
}
