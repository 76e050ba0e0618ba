import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useSaveMetadata } from "../api/use-organization-mutations.ts";
import { useCurrentOrganization } from "./organization-context.tsx";

const MAX_PAIRS = 50;
const KEY_MAX = 64;
const VALUE_MAX = 500;

interface Pair {
  id: number;
  key: string;
  value: string;
}

function pairsOf(metadata: Record<string, unknown> | null): Pair[] {
  return Object.entries(metadata ?? {}).map(([key, value], index) => ({
    id: index,
    key,
    value: typeof value === "string" ? value : JSON.stringify(value),
  }));
}

function pairErrors(pairs: Pair[]): Map<number, string> {
  const errors = new Map<number, string>();
  const seen = new Set<string>();
  for (const pair of pairs) {
    const key = pair.key.trim();
    if (!key && pair.value) errors.set(pair.id, t("organizations.metadata.keyMissing"));
    else if (key.length > KEY_MAX)
      errors.set(pair.id, t("organizations.metadata.keyTooLong", { max: KEY_MAX }));
    else if (key && seen.has(key)) errors.set(pair.id, t("organizations.metadata.keyTwice"));
    if (key) seen.add(key);
  }
  return errors;
}

/** Free-form key/value pairs stored on the organization (its `metadata`). */
export function MetadataEditor() {
  const { organization, can } = useCurrentOrganization();
  const [pairs, setPairs] = useState<Pair[]>(() => pairsOf(organization.metadata));
  const [nextId, setNextId] = useState(pairs.length + 1);
  const errors = pairErrors(pairs);

  const save = useSaveMetadata(organization);

  if (!can.updateOrganization) {
    const entries = pairsOf(organization.metadata);
    return entries.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t("organizations.metadata.none")}
      </Text>
    ) : (
      <Table withTableBorder>
        <Table.Tbody>
          {entries.map((pair) => (
            <Table.Tr key={pair.id}>
              <Table.Th w="40%">{pair.key}</Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{pair.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  function update(id: number, field: "key" | "value", value: string) {
    setPairs((current) => current.map((pair) => (pair.id === id ? { ...pair, [field]: value } : pair)));
  }

  return (
    <Stack gap="sm">
      <ErrorAlert error={save.error} />
      {pairs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("organizations.metadata.empty")}
        </Text>
      ) : (
        pairs.map((pair, index) => (
          <Group key={pair.id} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t("organizations.metadata.keyLabel", { number: index + 1 })}
              placeholder={t("organizations.metadata.keyPlaceholder")}
              value={pair.key}
              onChange={(event) => update(pair.id, "key", event.currentTarget.value)}
              error={errors.get(pair.id)}
              maxLength={KEY_MAX}
              size="sm"
              style={{ flex: 2 }}
            />
            <TextInput
              aria-label={t("organizations.metadata.valueLabel", { number: index + 1 })}
              placeholder={t("organizations.metadata.valuePlaceholder")}
              value={pair.value}
              onChange={(event) => update(pair.id, "value", event.currentTarget.value)}
              maxLength={VALUE_MAX}
              size="sm"
              style={{ flex: 3 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t("organizations.metadata.removePair", { number: index + 1 })}
              onClick={() => setPairs((current) => current.filter((item) => item.id !== pair.id))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))
      )}
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={pairs.length >= MAX_PAIRS}
          onClick={() => {
            setPairs((current) => [...current, { id: nextId, key: "", value: "" }]);
            setNextId((id) => id + 1);
          }}
        >
          {t("organizations.metadata.addPair")}
        </Button>
        <Button
          size="sm"
          onClick={() =>
            save.mutate(
              Object.fromEntries(
                pairs.filter((pair) => pair.key.trim()).map((pair) => [pair.key.trim(), pair.value]),
              ),
            )
          }
          loading={save.isPending}
          disabled={errors.size > 0}
        >
          {t("organizations.metadata.save")}
        </Button>
      </Group>
    </Stack>
  );
}
