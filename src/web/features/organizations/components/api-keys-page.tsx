import { Badge, Box, Button, Code, Group, Stack, Table, Text } from "@mantine/core";
import { IconKey, IconLock, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ListCard } from "#web/components/list-card.tsx";
import { SectionHeader } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { formatDate, formatRelative, isPast } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { type ApiKeyRow, useApiKeys } from "../api/use-api-keys.ts";
import { permissionLabels } from "../lib/api-keys.ts";
import { ApiKeyActions, CreateApiKeyDialog, RevokeApiKeyDialog } from "./api-key-dialogs.tsx";
import { ActionsCell, DateCell, ListEmpty, ListTable, ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** `/org/$slug/api-keys`: keys that let servers call the organization API; owners and admins only. */
export function ApiKeysPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("integrations.apiKeys.page.title", { organization: organization.name }));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const query = useApiKeys(organization.id, can.manageApiKeys);

  if (!can.manageApiKeys) {
    return (
      <Stack gap="md">
        <SectionHeader title={t("integrations.apiKeys.page.heading")} />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {t("integrations.apiKeys.page.readOnly", { organization: organization.name })}
        </ReadOnlyNote>
      </Stack>
    );
  }

  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      {t("integrations.apiKeys.page.create")}
    </Button>
  );
  const total = query.data?.total ?? 0;

  return (
    <Stack gap="md">
      <SectionHeader
        title={t("integrations.apiKeys.page.heading")}
        description={t("integrations.apiKeys.page.description")}
        actions={createButton}
      />
      <ListCard
        query={query}
        noun={t("integrations.apiKeys.page.noun")}
        skeletonRows={2}
        total={total}
        empty={
          <ListEmpty
            icon={IconKey}
            title={t("integrations.apiKeys.page.emptyTitle")}
            description={t("integrations.apiKeys.page.emptyDescription")}
            action={createButton}
          />
        }
        pageSize={Math.max(total, 1)}
        page={1}
        onPageChange={() => {}}
      >
        <ListTable
          label={t("integrations.apiKeys.page.table")}
          columns={[
            { label: t("integrations.apiKeys.page.key") },
            { label: t("integrations.apiKeys.page.permissions"), visibleFrom: "sm" },
            { label: t("integrations.apiKeys.page.created"), visibleFrom: "sm" },
            { label: t("integrations.apiKeys.page.expires"), visibleFrom: "sm" },
            { label: t("integrations.apiKeys.page.lastUsed"), visibleFrom: "sm" },
          ]}
          actionsWidth={56}
        >
          {query.data?.items.map((key) => (
            <ApiKeyTableRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
          ))}
        </ListTable>
      </ListCard>
      <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} />
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function ApiKeyTableRow({ apiKey, onRevoke }: { apiKey: ApiKeyRow; onRevoke: () => void }) {
  const permissions = permissionLabels(apiKey.permissions);
  const expired = isPast(apiKey.expiresAt);
  const lastUsed = apiKey.lastRequest
    ? t("integrations.apiKeys.page.used", { when: formatRelative(apiKey.lastRequest) })
    : t("integrations.apiKeys.page.neverUsed");
  return (
    <Table.Tr data-testid={`api-key-row-${apiKey.name}`}>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {apiKey.name}
          </Text>
          {apiKey.start ? (
            <Code fz="xs" style={{ alignSelf: "flex-start" }}>{`${apiKey.start}…`}</Code>
          ) : null}
          <Box hiddenFrom="sm" py={2}>
            <Permissions labels={permissions} />
          </Box>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {apiKey.expiresAt
              ? t("integrations.apiKeys.page.expiresOn", { date: formatDate(apiKey.expiresAt) })
              : t("integrations.apiKeys.page.expiresNever")}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {lastUsed}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Permissions labels={permissions} />
      </Table.Td>
      <DateCell value={apiKey.createdAt} />
      <Table.Td visibleFrom="sm">
        <Text size="sm" c={expired ? "red.8" : "dimmed"}>
          {apiKey.expiresAt ? formatDate(apiKey.expiresAt) : t("integrations.apiKeys.page.never")}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" c="dimmed">
          {apiKey.lastRequest ? formatRelative(apiKey.lastRequest) : t("integrations.apiKeys.page.neverUsed")}
        </Text>
      </Table.Td>
      <ActionsCell shown>
        <ApiKeyActions apiKey={apiKey} onRevoke={onRevoke} />
      </ActionsCell>
    </Table.Tr>
  );
}

/** A key's permissions as badges, or "Read only" when it may change nothing. */
function Permissions({ labels }: { labels: string[] }) {
  if (labels.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("integrations.apiKeys.page.readOnlyKey")}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {labels.map((label) => (
        <Badge key={label} variant="light" color="indigo" size="sm" tt="none">
          {label}
        </Badge>
      ))}
    </Group>
  );
}
