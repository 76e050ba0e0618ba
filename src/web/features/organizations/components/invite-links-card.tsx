import { Badge, Button, Card, Group, Menu, Stack, Table, Text, Title } from "@mantine/core";
import { IconLink, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { InviteLink, InviteLinkState } from "#shared/contracts/invite-links.ts";
import { ListCard } from "#web/components/list-card.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useInviteLinks } from "../api/use-invite-links.ts";
import { CreateInviteLinkDialog, RevokeInviteLinkDialog } from "./invite-link-dialogs.tsx";
import { ActionsCell, ListEmpty, ListTable, RowMenu } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RoleBadges } from "./role-badges.tsx";

const STATES: Record<InviteLinkState, { label: string; color: string }> = {
  active: { label: "Active", color: "teal" },
  expired: { label: "Expired", color: "gray" },
  used_up: { label: "Used up", color: "gray" },
  revoked: { label: "Revoked", color: "red" },
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
      Create invite link
    </Button>
  );

  return (
    <Stack gap="sm">
      <Card withBorder padding="lg" radius="lg" shadow="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: "1 1 260px" }}>
            <Title order={3} fz="md">
              Invite links
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Share one link with a group: whoever opens it signs in or signs up, then joins with the link's
              role. Links expire, can be limited to a number of uses, and can be revoked.
            </Text>
          </div>
          {createButton}
        </Group>
      </Card>
      <ListCard
        query={query}
        noun="invite links"
        skeletonRows={1}
        total={links.length}
        empty={
          <ListEmpty
            icon={IconLink}
            title="No invite links yet"
            description="Make one to invite a whole team at once, from a chat message or a QR code on a slide."
          />
        }
        pageSize={Math.max(links.length, 1)}
        page={1}
        onPageChange={() => {}}
      >
        <ListTable
          label="Invite links table"
          columns={[
            { label: "Link" },
            { label: "Uses", visibleFrom: "sm" },
            { label: "Expires", visibleFrom: "sm" },
            { label: "State" },
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
  const uses = link.maxUses === null ? `${link.uses} used` : `${link.uses} of ${link.maxUses} used`;
  return (
    <Table.Tr data-testid={`invite-link-row-${link.id}`}>
      <Table.Td>
        <Stack gap={4}>
          <Group gap={6}>
            <RoleBadges role={link.role} />
            {link.teamName ? <Text size="sm" c="dimmed">{`in ${link.teamName}`}</Text> : null}
          </Group>
          <Text size="xs" c="dimmed">
            {`By ${link.createdBy.name ?? "a former member"}, ${formatDateTime(link.createdAt)}`}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {`${uses} · expires ${formatDateTime(link.expiresAt)}`}
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
          {state.label}
        </Badge>
      </Table.Td>
      <ActionsCell shown={link.state === "active"}>
        <RowMenu label="Actions for this invite link" width={200}>
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRevoke}>
            Revoke link
          </Menu.Item>
        </RowMenu>
      </ActionsCell>
    </Table.Tr>
  );
}
