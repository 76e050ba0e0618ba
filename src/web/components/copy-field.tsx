import { Code, Group, Text } from "@mantine/core";
import { currentLocale } from "#web/i18n/i18n.ts";
import { CopyValueIcon } from "./copy-value.tsx";

/** A value to copy (a client id, a secret, an API key, a config block), its label above with a Copy icon. */
export function CopyField({
  label,
  value,
  block,
  testId,
}: {
  label: string;
  value: string;
  block?: boolean;
  testId?: string;
}) {
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {/* English reads "Copy client id"; other languages keep the label's own case (German nouns, acronyms). */}
        <CopyValueIcon value={value} label={currentLocale() === "en" ? label.toLowerCase() : label} />
      </Group>
      <Code
        block={block}
        data-testid={testId}
        style={{ overflowWrap: "anywhere", whiteSpace: block ? "pre-wrap" : undefined }}
      >
        {value}
      </Code>
    </div>
  );
}
