import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  EmptyState,
  Group,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconAlertCircle,
  IconDots,
  IconSearch,
  IconShieldCog,
  IconUserMinus,
  IconUserPlus,
  IconUsers,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDate, plural } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { unwrap } from "../api/org-request.ts";
import { membersQuery, ORG_KEY } from "../api/queries.ts";
import type { MemberRow } from "../api/types.ts";
import { useOrgMutation } from "../api/use-org-mutation.ts";
import { hasRole, parseRoles } from "../lib/roles.ts";
import { ConfirmActionModal } from "./confirm-modal.tsx";
import { ListCard } from "./list-card.tsx";
import { MemberIdentity } from "./member-identity.tsx";
import { OrgModal } from "./org-modal.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { ActionError, SectionHeader } from "./page-states.tsx";
import { RoleBadges } from "./role-badges.tsx";
import { RoleSelect } from "./role-select.tsx";
import { ActionsColumnHeader, TableRegion } from "./table-region.tsx";

const PAGE_SIZE = 10;

/** Join order is the server's default and the cheapest for big organizations; name orders sort them all. */
const SORTS = {
  "joined-first": { label: "Joined first", sortBy: "createdAt", sortDirection: "asc" },
  "joined-last": { label: "Joined last", sortBy: "createdAt", sortDirection: "desc" },
  "name-asc": { label: "Name A–Z", sortBy: "name", sortDirection: "asc" },
  "name-desc": { label: "Name Z–A", sortBy: "name", sortDirection: "desc" },
} as const;
type Sort = keyof typeof SORTS;

/** `/org/$slug/members`: searchable, paged member table with role changes and removal. */
export function MembersPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(`Members · ${organization.name}`);
  const { data: session } = authClient.useSession();
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>("joined-first");
  const [editing, setEditing] = useState<MemberRow | null>(null);
  const [removing, setRemoving] = useState<MemberRow | null>(null);

  const query = useQuery(
    membersQuery(organization.id, {
      search: debouncedSearch || undefined,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      sortBy: SORTS[sort].sortBy,
      sortDirection: SORTS[sort].sortDirection,
    }),
  );
  const total = query.data?.total ?? 0;
  const manages = can.updateMembers || can.removeMembers;
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <Stack gap="md">
      <SectionHeader
        title="Members"
        description={
          query.data && !debouncedSearch
            ? `${plural(total, "person", "people")} in ${organization.name}.`
            : "Everyone in this organization and their roles."
        }
        actions={
          can.inviteMembers ? (
            <ButtonLink
              to="/org/$slug/invitations"
              params={{ slug: organization.slug }}
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              Invite people
            </ButtonLink>
          ) : null
        }
      />
      {!manages ? (
        <Alert variant="light" color="gray" icon={<IconAlertCircle size={18} aria-hidden />}>
          You can see the members. Only owners and admins can change roles or remove people.
        </Alert>
      ) : null}
      <ListCard
        header={
          <Group p="md" gap="sm" justify="space-between" wrap="wrap">
            <Group gap="sm" wrap="wrap" style={{ flex: "1 1 auto" }}>
              <TextInput
                aria-label="Search members"
                placeholder="Search by name or email"
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSection={
                  search ? (
                    <CloseButton
                      size="sm"
                      aria-label="Clear search"
                      onClick={() => {
                        setSearch("");
                        setPage(1);
                      }}
                    />
                  ) : null
                }
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                maxLength={254}
                style={{ flex: "1 1 240px", maxWidth: 360 }}
                size="sm"
              />
              <Select
                aria-label="Sort members"
                data={Object.entries(SORTS).map(([value, { label }]) => ({ value, label }))}
                value={sort}
                onChange={(value) => {
                  if (value) setSort(value as Sort);
                  setPage(1);
                }}
                allowDeselect={false}
                size="sm"
                w={150}
              />
            </Group>
            {query.data && total > 0 ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {`${first}–${last} of ${total}`}
              </Text>
            ) : null}
          </Group>
        }
        query={query}
        noun="members"
        skeletonRows={5}
        total={total}
        empty={
          <EmptyState
            py="xl"
            icon={<IconUsers size={26} stroke={1.6} aria-hidden />}
            title={debouncedSearch ? "No member matches your search" : "No members"}
            description={
              debouncedSearch
                ? `Nobody's name or email contains “${debouncedSearch}”.`
                : "Invite people to fill this organization."
            }
          >
            {debouncedSearch ? (
              <EmptyState.Actions>
                <Button variant="default" onClick={() => setSearch("")}>
                  Clear search
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        }
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      >
        <TableRegion label="Members table">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member</Table.Th>
                <Table.Th visibleFrom="sm">Roles</Table.Th>
                <Table.Th visibleFrom="sm">Joined</Table.Th>
                {manages ? <ActionsColumnHeader width={56} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              {query.data?.members.map((member) => {
                const isSelf = member.userId === session?.user.id;
                const ownerLocked = hasRole(member.role, "owner") && !can.isOwner;
                return (
                  <Table.Tr key={member.id} data-testid={`member-row-${member.user.email}`}>
                    <Table.Td>
                      <MemberIdentity
                        user={member.user}
                        avatarSize={36}
                        nameBadge={
                          isSelf ? (
                            <Badge size="xs" variant="outline" color="gray">
                              You
                            </Badge>
                          ) : null
                        }
                      >
                        <Box hiddenFrom="sm" mt={4}>
                          <RoleBadges role={member.role} size="xs" />
                        </Box>
                      </MemberIdentity>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <RoleBadges role={member.role} size="sm" />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" c="dimmed">
                        {formatDate(member.createdAt)}
                      </Text>
                    </Table.Td>
                    {manages ? (
                      <Table.Td>
                        <MemberActions
                          member={member}
                          isSelf={isSelf}
                          ownerLocked={ownerLocked}
                          canUpdate={can.updateMembers}
                          canRemove={can.removeMembers}
                          onEdit={() => setEditing(member)}
                          onRemove={() => setRemoving(member)}
                        />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableRegion>
      </ListCard>
      <ChangeRolesModal member={editing} onClose={() => setEditing(null)} />
      <RemoveMemberModal member={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function MemberActions({
  member,
  isSelf,
  ownerLocked,
  canUpdate,
  canRemove,
  onEdit,
  onRemove,
}: {
  member: MemberRow;
  isSelf: boolean;
  ownerLocked: boolean;
  canUpdate: boolean;
  canRemove: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const who = nameOf(member);
  return (
    <Menu position="bottom-end" shadow="md" width={240} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Tooltip label="Member actions" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${who}`}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {canUpdate ? (
          <Menu.Item
            leftSection={<IconShieldCog size={16} aria-hidden />}
            onClick={onEdit}
            disabled={ownerLocked}
          >
            Change roles
          </Menu.Item>
        ) : null}
        {canRemove && !isSelf ? (
          <Menu.Item
            color="red"
            leftSection={<IconUserMinus size={16} aria-hidden />}
            onClick={onRemove}
            disabled={ownerLocked}
          >
            Remove from organization
          </Menu.Item>
        ) : null}
        {ownerLocked ? (
          <Text size="xs" c="dimmed" px="sm" py={6}>
            Only an owner can change or remove an owner.
          </Text>
        ) : null}
        {isSelf ? (
          <Text size="xs" c="dimmed" px="sm" py={6}>
            To leave, use Settings → Leave organization.
          </Text>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

function ChangeRolesModal({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  return (
    <OrgModal opened={member !== null} onClose={onClose} title="Change roles">
      {member ? <ChangeRolesForm key={member.id} member={member} onDone={onClose} /> : null}
    </OrgModal>
  );
}

function ChangeRolesForm({ member, onDone }: { member: MemberRow; onDone: () => void }) {
  const { organization, can } = useCurrentOrganization();
  const [roles, setRoles] = useState<string[]>(parseRoles(member.role));
  const who = nameOf(member);
  const unchanged = [...roles].sort().join(",") === parseRoles(member.role).sort().join(",");

  const update = useOrgMutation({
    mutationFn: () =>
      unwrap(
        authClient.organization.updateMemberRole({
          memberId: member.id,
          role: roles as ("owner" | "admin" | "member")[],
          organizationId: organization.id,
        }),
      ),
    invalidate: [ORG_KEY],
    success: () => ({ title: "Roles updated", message: `${who} is now ${roles.join(" and ")}.` }),
    onDone,
  });

  return (
    <Stack gap="md">
      <MemberIdentity user={member.user} avatarSize={36} />
      <ActionError error={update.error} />
      <RoleSelect
        value={roles}
        onChange={setRoles}
        canGrantOwner={can.isOwner}
        error={roles.length === 0 ? "Choose at least one role" : null}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button
          onClick={() => update.mutate()}
          loading={update.isPending}
          disabled={roles.length === 0 || unchanged}
        >
          Save roles
        </Button>
      </Group>
    </Stack>
  );
}

function RemoveMemberModal({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const { organization } = useCurrentOrganization();
  return (
    <ConfirmActionModal
      target={member}
      onClose={onClose}
      title="Remove member"
      confirmLabel="Remove member"
      action={(target) =>
        unwrap(
          authClient.organization.removeMember({
            memberIdOrEmail: target.id,
            organizationId: organization.id,
          }),
        )
      }
      invalidate={[ORG_KEY]}
      success={(target) => ({
        title: "Member removed",
        message: `${nameOf(target)} no longer belongs to ${organization.name}.`,
      })}
    >
      <Text size="sm">
        <Text span fw={600}>
          {member ? nameOf(member) : ""}
        </Text>
        {` will lose access to ${organization.name} and leave all its teams. You can invite them again later.`}
      </Text>
    </ConfirmActionModal>
  );
}

function nameOf(member: MemberRow) {
  return member.user.name || member.user.email;
}
