import { Badge, Box, Button, Code, Group, Stack, Table, Text } from "@mantine/core";
import { IconKey, IconLock, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ListCard } from "#web/components/list-card.tsx";
import { SectionHeader } from "#web/components/page-states.tsx";
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
  usePageTitle(`API keys · ${organization.name}`);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const query = useApiKeys(organization.id, can.manageApiKeys);

  if (!can.manageApiKeys) {
    return (
      <Stack gap="md">
        <SectionHeader title="API keys" />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {`Only owners and admins of ${organization.name} can see and manage its API keys.`}
        </ReadOnlyNote>
      </Stack>
    );
  }

  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      Create API key
    </Button>
  );
  const total = query.data?.total ?? 0;

  return (
    <Stack gap="md">
      <SectionHeader
        title="API keys"
        description="Keys let your servers call this organization's API (members, invitations, teams) without anyone signing in. A key does only what its permissions allow, never more than the role of the person who created it, and is deleted if they leave."
        actions={createButton}
      />
      <ListCard
        query={query}
        noun="API keys"
        skeletonRows={2}
        total={total}
        empty={
          <ListEmpty
            icon={IconKey}
            title="No API keys yet"
            description="Create one for each server or script that calls the API, so you can revoke them one by one."
            action={createButton}
          />
        }
        pageSize={Math.max(total, 1)}
        page={1}
        onPageChange={() => {}}
      >
        <ListTable
          label="API keys table"
          columns={[
            { label: "Key" },
            { label: "Permissions", visibleFrom: "sm" },
            { label: "Created", visibleFrom: "sm" },
            { label: "Expires", visibleFrom: "sm" },
            { label: "Last used", visibleFrom: "sm" },
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
  const lastUsed = apiKey.lastRequest ? `Used ${formatRelative(apiKey.lastRequest)}` : "Never used";
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
            {`Expires ${apiKey.expiresAt ? formatDate(apiKey.expiresAt) : "never"}`}
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
          {apiKey.expiresAt ? formatDate(apiKey.expiresAt) : "Never"}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" c="dimmed">
          {apiKey.lastRequest ? formatRelative(apiKey.lastRequest) : "Never used"}
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
        Read only
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
