import { Button, Code, Group, Menu, Stack, Table, Text } from "@mantine/core";
import { IconPlus, IconRefresh, IconTrash, IconUsersPlus } from "@tabler/icons-react";
import { useState } from "react";
import type { ScimConnection, ScimConnectionWithToken } from "#shared/contracts/scim.ts";
import { ConfirmActionDialog, ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { CopyValueIcon } from "#web/components/copy-value.tsx";
import { ListCard } from "#web/components/list-card.tsx";
import { auditKey } from "#web/lib/api/audit.ts";
import { formatRelative, plural } from "#web/lib/format.ts";
import { removeScimConnection, scimKey, useRotateScimToken, useScimConnections } from "../api/use-scim.ts";
import { roleLabel } from "../lib/roles.ts";
import { ActionsCell, ListEmpty, ListTable, RowMenu } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { CreateScimDialog, ScimTokenDialog } from "./scim-dialogs.tsx";

/** Directory sync: SCIM connections an IdP uses to add, change and remove members and teams. */
export function ScimSection() {
  const { organization } = useCurrentOrganization();
  const query = useScimConnections(organization.id);
  const [creating, setCreating] = useState(false);
  const [token, setToken] = useState<ScimConnectionWithToken | null>(null);
  const [rotating, setRotating] = useState<ScimConnection | null>(null);
  const [deleting, setDeleting] = useState<ScimConnection | null>(null);
  const rotate = useRotateScimToken(organization.id, (answer) => {
    setRotating(null);
    setToken(answer);
  });
  const items = query.data ?? [];

  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      Create SCIM connection
    </Button>
  );

  return (
    <Stack gap="md">
      <ListCard
        query={query}
        noun="SCIM connections"
        skeletonRows={1}
        total={items.length}
        empty={
          <ListEmpty
            icon={IconUsersPlus}
            title="No directory sync yet"
            description="Let your identity provider add people when they join your company, and remove them when they leave."
            action={createButton}
          />
        }
        pageSize={Math.max(items.length, 1)}
        page={1}
        onPageChange={() => {}}
      >
        <ListTable
          label="SCIM connections table"
          columns={[
            { label: "Connection" },
            { label: "Provisioned", visibleFrom: "sm" },
            { label: "Last used", visibleFrom: "sm" },
          ]}
          actionsWidth={56}
        >
          {items.map((connection) => (
            <ScimRow
              key={connection.id}
              connection={connection}
              onRotate={() => setRotating(connection)}
              onDelete={() => setDeleting(connection)}
            />
          ))}
        </ListTable>
      </ListCard>
      {items.length > 0 ? <div>{createButton}</div> : null}
      <CreateScimDialog opened={creating} onClose={() => setCreating(false)} onCreated={setToken} />
      <ScimTokenDialog answer={token} onClose={() => setToken(null)} />
      <ConfirmDialog
        opened={rotating !== null}
        onClose={() => {
          rotate.reset();
          setRotating(null);
        }}
        title="Rotate SCIM token"
        confirmLabel="Rotate token"
        onConfirm={() => rotating && rotate.mutate(rotating)}
        loading={rotate.isPending}
        error={rotate.error}
      >
        {rotating
          ? `The current token of “${rotating.name}” (…${rotating.tokenHint}) stops working at once: your identity provider's sync fails until you paste the new token into it.`
          : null}
      </ConfirmDialog>
      <ConfirmActionDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete SCIM connection"
        confirmLabel="Delete connection"
        action={(connection) => removeScimConnection(organization.id, connection)}
        invalidate={[scimKey(organization.id), auditKey]}
        success={(connection) => ({
          title: "SCIM connection deleted",
          message: `${connection.name} can no longer change your members.`,
        })}
      >
        {deleting
          ? `“${deleting.name}” stops syncing at once and its token no longer works. The people and teams it provisioned stay; remove them by hand if they should go.`
          : null}
      </ConfirmActionDialog>
    </Stack>
  );
}

function ScimRow({
  connection,
  onRotate,
  onDelete,
}: {
  connection: ScimConnection;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const counts = `${plural(connection.userCount, "person", "people")}, ${plural(connection.groupCount, "group")}`;
  const lastUsed = connection.lastUsedAt ? formatRelative(connection.lastUsedAt) : "Never used";
  return (
    <Table.Tr data-testid={`scim-row-${connection.name}`}>
      <Table.Td>
        <Stack gap={4}>
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {connection.name}
          </Text>
          <Group gap={4} wrap="nowrap" align="center">
            <Code fz="xs" style={{ overflowWrap: "anywhere" }} data-testid="scim-base-url">
              {connection.baseUrl}
            </Code>
            <CopyValueIcon value={connection.baseUrl} label={`base URL of ${connection.name}`} size="xs" />
          </Group>
          <Text size="xs" c="dimmed">
            {`Token …${connection.tokenHint} · new people: ${roleLabel(connection.defaultRole)}`}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {`${counts} · ${lastUsed}`}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{counts}</Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" c="dimmed">
          {lastUsed}
        </Text>
      </Table.Td>
      <ActionsCell shown>
        <RowMenu label={`Actions for SCIM connection ${connection.name}`} width={200}>
          <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRotate}>
            Rotate token
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            Delete connection
          </Menu.Item>
        </RowMenu>
      </ActionsCell>
    </Table.Tr>
  );
}
