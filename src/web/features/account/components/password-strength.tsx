import { Group, Progress, Text } from "@mantine/core";
import { IconCheck, IconInfoCircle } from "@tabler/icons-react";
import { type PasswordLimits, strengthScore } from "../lib/password-rules.ts";

const WORDS = ["Too short", "Weak", "Fair", "Good", "Strong"] as const;
const TONES = ["gray", "red", "yellow", "teal", "green"] as const;

/** Length rule and a strength meter under a new-password field. */
export function PasswordStrength({
  id,
  value,
  limits,
}: {
  id: string;
  value: string;
  limits: PasswordLimits;
}) {
  const fits = value.length >= limits.min && value.length <= limits.max;
  const score = fits ? Math.max(1, strengthScore(value)) : 0;
  return (
    <div id={id}>
      <Progress
        value={value ? Math.max(score, 0.5) * 25 : 0}
        color={TONES[score]}
        size={5}
        radius="xl"
        mb={6}
        aria-hidden
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          {fits ? (
            <IconCheck size={14} color="var(--mantine-color-teal-text)" aria-hidden />
          ) : (
            <IconInfoCircle size={14} color="var(--mantine-color-dimmed)" aria-hidden />
          )}
          <Text size="xs" c="dimmed">{`${limits.min}–${limits.max} characters`}</Text>
        </Group>
        {value ? <Text size="xs" c="dimmed" aria-live="polite">{`Strength: ${WORDS[score]}`}</Text> : null}
      </Group>
    </div>
  );
}
