import { Group, Progress, Text } from "@mantine/core";
import { IconCheck, IconInfoCircle } from "@tabler/icons-react";
import type { PasswordLimits } from "#shared/fields.ts";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { passwordStrength } from "#web/lib/password-strength.ts";

const LABELS: readonly MessageId[] = [
  "common.passwordHint.tooShort",
  "common.passwordHint.weak",
  "common.passwordHint.fair",
  "common.passwordHint.good",
  "common.passwordHint.strong",
];
const COLORS = ["gray", "red", "yellow", "teal", "green"] as const;

/** Live length requirement and a strength meter under a new-password field. */
export function PasswordHint({ value, limits, id }: { value: string; limits: PasswordLimits; id?: string }) {
  const longEnough = value.length >= limits.min && value.length <= limits.max;
  const score = longEnough ? Math.max(1, passwordStrength(value)) : 0;
  const missing = value.length > 0 ? limits.min - value.length : 0;

  return (
    <div id={id}>
      <Progress
        value={value ? Math.max(score, 0.5) * 25 : 0}
        color={COLORS[score]}
        size={5}
        radius="xl"
        aria-hidden
        mb={6}
        transitionDuration={150}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          {longEnough ? (
            <IconCheck size={14} color="var(--mantine-color-teal-text)" aria-hidden />
          ) : (
            <IconInfoCircle size={14} color="var(--mantine-color-dimmed)" aria-hidden />
          )}
          <Text size="xs" c="dimmed">
            {missing > 0
              ? t("common.passwordHint.lengthMore", { min: limits.min, max: limits.max, count: missing })
              : t("common.passwordHint.length", { min: limits.min, max: limits.max })}
          </Text>
        </Group>
        {value ? (
          <Text size="xs" c="dimmed" aria-live="polite">
            {t("common.passwordHint.strength", { level: t(LABELS[score] ?? "common.passwordHint.tooShort") })}
          </Text>
        ) : null}
      </Group>
    </div>
  );
}
