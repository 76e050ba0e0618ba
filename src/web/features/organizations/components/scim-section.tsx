import { Button, Code, Group, Menu, Stack, Table, Text } from "@mantine/core";
import { IconPlus, IconRefresh, IconTrash, IconUsersPlus } from "@tabler/icons-react";
import { useState } from "react";
import type { ScimConnection, ScimConnectionWithToken } from "#shared/contracts/scim.ts";
import { ConfirmActionDialog, ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { CopyValueIcon } from "#web/components/copy-value.tsx";
import { ListCard } from "#web/components/list-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { auditKey } from "#web/lib/api/audit.ts";
import { formatRelative } from "#web/lib/format.ts";
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
      {t("integrations.scim.section.create")}
    </Button>
  );

  return (
    <Stack gap="md">
      <ListCard
        query={query}
        noun={t("integrations.scim.section.noun")}
        skeletonRows={1}
        total={items.length}
        empty={
          <ListEmpty
            icon={IconUsersPlus}
            title={t("integrations.scim.section.emptyTitle")}
            description={t("integrations.scim.section.emptyDescription")}
            action={createButton}
          />
        }
        pageSize={Math.max(items.length, 1)}
        page={1}
        onPageChange={() => {}}
      >
        <ListTable
          label={t("integrations.scim.section.table")}
          columns={[
            { label: t("integrations.scim.section.connection") },
            { label: t("integrations.scim.section.provisioned"), visibleFrom: "sm" },
            { label: t("integrations.scim.section.lastUsed"), visibleFrom: "sm" },
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
        title={t("integrations.scim.section.rotateTitle")}
        confirmLabel={t("integrations.scim.section.rotateConfirm")}
        onConfirm={() => rotating && rotate.mutate(rotating)}
        loading={rotate.isPending}
        error={rotate.error}
      >
        {rotating
          ? t("integrations.scim.section.rotateBody", { name: rotating.name, hint: rotating.tokenHint })
          : null}
      </ConfirmDialog>
      <ConfirmActionDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("integrations.scim.section.deleteTitle")}
        confirmLabel={t("integrations.scim.section.deleteConfirm")}
        action={(connection) => removeScimConnection(organization.id, connection)}
        invalidate={[scimKey(organization.id), auditKey]}
        success={(connection) => ({
          title: t("integrations.scim.section.deleted"),
          message: t("integrations.scim.section.deletedMessage", { name: connection.name }),
        })}
      >
        {deleting ? t("integrations.scim.section.deleteBody", { name: deleting.name }) : null}
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
  const counts = t("integrations.scim.row.counts", {
    people: connection.userCount,
    groups: connection.groupCount,
  });
  const lastUsed = connection.lastUsedAt
    ? formatRelative(connection.lastUsedAt)
    : t("integrations.scim.row.neverUsed");
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
            <CopyValueIcon
              value={connection.baseUrl}
              label={t("integrations.scim.row.copyBaseUrl", { name: connection.name })}
              size="xs"
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t("integrations.scim.row.tokenLine", {
              hint: connection.tokenHint,
              role: roleLabel(connection.defaultRole),
            })}
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
        <RowMenu label={t("integrations.scim.row.actions", { name: connection.name })} width={200}>
          <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRotate}>
            {t("integrations.scim.row.rotate")}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            {t("integrations.scim.row.delete")}
          </Menu.Item>
        </RowMenu>
      </ActionsCell>
    </Table.Tr>
  );
}
