import { Badge, Button, Card, Group, Menu, Stack, Table, Text, Title } from "@mantine/core";
import { IconLink, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { InviteLink, InviteLinkState } from "#shared/contracts/invite-links.ts";
import { ListCard } from "#web/components/list-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useInviteLinks } from "../api/use-invite-links.ts";
import { CreateInviteLinkDialog, RevokeInviteLinkDialog } from "./invite-link-dialogs.tsx";
import { ActionsCell, ListEmpty, ListTable, RowMenu } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RoleBadges } from "./role-badges.tsx";

const STATES: Record<InviteLinkState, { label: MessageId; color: string }> = {
  active: { label: "integrations.links.state.active", color: "teal" },
  expired: { label: "integrations.links.state.expired", color: "gray" },
  used_up: { label: "integrations.links.state.usedUp", color: "gray" },
  revoked: { label: "integrations.links.state.revoked", color: "red" },
};

/** Shareable links that let people join without an invitation each (owners and admins). */
export function InviteLinksCard() {
  const { organization } = useCurrentOrganization();
  const query = useInviteLinks(organization.id);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<InviteLink | null>(null);
  const links = query.data?.links ?? [];
  const createButton = (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setCreating(true)}
    >
      {t("integrations.links.card.create")}
    </Button>
  );

  return (
    <Stack gap="sm">
      <Card withBorder padding="lg" radius="lg" shadow="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: "1 1 260px" }}>
            <Title order={3} fz="md">
              {t("integrations.links.card.title")}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t("integrations.links.card.description")}
            </Text>
          </div>
          {createButton}
        </Group>
      </Card>
      <ListCard
        query={query}
        noun={t("integrations.links.card.noun")}
        skeletonRows={1}
        total={links.length}
        empty={
          <ListEmpty
            icon={IconLink}
            title={t("integrations.links.card.emptyTitle")}
            description={t("integrations.links.card.emptyDescription")}
          />
        }
        pageSize={Math.max(links.length, 1)}
        page={1}
        onPageChange={() => {}}
      >
        <ListTable
          label={t("integrations.links.card.table")}
          columns={[
            { label: t("integrations.links.card.link") },
            { label: t("integrations.links.card.uses"), visibleFrom: "sm" },
            { label: t("integrations.links.card.expires"), visibleFrom: "sm" },
            { label: t("integrations.links.card.state") },
          ]}
          actionsWidth={56}
        >
          {links.map((link) => (
            <LinkRow key={link.id} link={link} onRevoke={() => setRevoking(link)} />
          ))}
        </ListTable>
      </ListCard>
      <CreateInviteLinkDialog opened={creating} onClose={() => setCreating(false)} />
      <RevokeInviteLinkDialog link={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function LinkRow({ link, onRevoke }: { link: InviteLink; onRevoke: () => void }) {
  const state = STATES[link.state];
  const uses =
    link.maxUses === null
      ? t("integrations.links.row.used", { uses: link.uses })
      : t("integrations.links.row.usedOf", { uses: link.uses, max: link.maxUses });
  return (
    <Table.Tr data-testid={`invite-link-row-${link.id}`}>
      <Table.Td>
        <Stack gap={4}>
          <Group gap={6}>
            <RoleBadges role={link.role} />
            {link.teamName ? (
              <Text size="sm" c="dimmed">
                {t("integrations.links.row.inTeam", { team: link.teamName })}
              </Text>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {link.createdBy.name
              ? t("integrations.links.row.by", {
                  name: link.createdBy.name,
                  date: formatDateTime(link.createdAt),
                })
              : t("integrations.links.row.byFormer", { date: formatDateTime(link.createdAt) })}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {t("integrations.links.row.usesExpires", { uses, date: formatDateTime(link.expiresAt) })}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{uses}</Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" c="dimmed">
          {formatDateTime(link.expiresAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={state.color} tt="none">
          {t(state.label)}
        </Badge>
      </Table.Td>
      <ActionsCell shown={link.state === "active"}>
        <RowMenu label={t("integrations.links.row.actions")} width={200}>
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRevoke}>
            {t("integrations.links.row.revoke")}
          </Menu.Item>
        </RowMenu>
      </ActionsCell>
    </Table.Tr>
  );
}
