import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
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
  IconDots,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUserMinus,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LIMITS } from "#shared/limits.ts";
import { PageNumbers } from "#web/components/page-pagination.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDate, plural } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { unwrap } from "../api/org-request.ts";
import { membersQuery, ORG_KEY, teamMembersQuery, teamsQuery } from "../api/queries.ts";
import type { TeamRow } from "../api/types.ts";
import { useOrgMutation } from "../api/use-org-mutation.ts";
import { ConfirmActionModal } from "./confirm-modal.tsx";
import { ListCard } from "./list-card.tsx";
import { MemberIdentity } from "./member-identity.tsx";
import { OrgModal } from "./org-modal.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { ActionError, ListSkeleton, QueryError, SectionHeader } from "./page-states.tsx";
import { ActionsColumnHeader, TableRegion } from "./table-region.tsx";

const PAGE_SIZE = 20;
const LAST_TEAM_RULE =
  "An organization always keeps at least one team, so its last team cannot be removed. Create another team first.";

/** `/org/$slug/teams`: create, rename and remove teams, and manage who is in each. */
export function TeamsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(`Teams · ${organization.name}`);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TeamRow | null>(null);
  const [removing, setRemoving] = useState<TeamRow | null>(null);
  const [managing, setManaging] = useState<TeamRow | null>(null);
  const query = useQuery(teamsQuery(organization.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }));
  const total = query.data?.total ?? 0;
  const lastTeam = total <= 1;
  const manages = can.updateTeams || can.deleteTeams;

  return (
    <Stack gap="md">
      <SectionHeader
        title="Teams"
        description="Group members into teams. A person can be in several teams."
        actions={
          can.createTeams ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              Create team
            </Button>
          ) : null
        }
      />
      {!manages ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          You can see the teams. Only owners and admins can create, rename or remove teams and change who is
          in them.
        </Alert>
      ) : lastTeam && query.data ? (
        <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} aria-hidden />}>
          {LAST_TEAM_RULE}
        </Alert>
      ) : null}
      <ListCard
        query={query}
        noun="teams"
        skeletonRows={3}
        total={total}
        empty={
          <EmptyState
            py="xl"
            icon={<IconUsersGroup size={26} stroke={1.6} aria-hidden />}
            title="No teams yet"
            description="Teams group members who work together."
          >
            {can.createTeams ? (
              <EmptyState.Actions>
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                  Create team
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        }
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      >
        <TableRegion label="Teams table">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th visibleFrom="sm">Created</Table.Th>
                {manages ? <ActionsColumnHeader width={56} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data?.teams.map((team) => (
                <Table.Tr key={team.id} data-testid={`team-row-${team.name}`}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <IconUsersGroup size={18} aria-hidden style={{ opacity: 0.6, flexShrink: 0 }} />
                      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                        {team.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {can.updateTeams ? (
                      <Button variant="subtle" size="compact-sm" onClick={() => setManaging(team)}>
                        {plural(team.memberCount, "member")}
                      </Button>
                    ) : (
                      <Text size="sm">{plural(team.memberCount, "member")}</Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" c="dimmed">
                      {formatDate(team.createdAt)}
                    </Text>
                  </Table.Td>
                  {manages ? (
                    <Table.Td>
                      <Menu position="bottom-end" shadow="md" width={260} withInitialFocusPlaceholder={false}>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Actions for team ${team.name}`}
                          >
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {can.updateTeams ? (
                            <>
                              <Menu.Item
                                leftSection={<IconUsersGroup size={16} aria-hidden />}
                                onClick={() => setManaging(team)}
                              >
                                Manage members
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconPencil size={16} aria-hidden />}
                                onClick={() => setRenaming(team)}
                              >
                                Rename
                              </Menu.Item>
                            </>
                          ) : null}
                          {can.deleteTeams ? (
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={16} aria-hidden />}
                              onClick={() => setRemoving(team)}
                              disabled={lastTeam}
                            >
                              Remove team
                            </Menu.Item>
                          ) : null}
                          {can.deleteTeams && lastTeam ? (
                            <Text size="xs" c="dimmed" px="sm" py={6}>
                              The last team cannot be removed. Create another team first.
                            </Text>
                          ) : null}
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableRegion>
      </ListCard>
      <TeamNameModal opened={creating} onClose={() => setCreating(false)} />
      <TeamNameModal opened={renaming !== null} team={renaming} onClose={() => setRenaming(null)} />
      <RemoveTeamModal team={removing} onClose={() => setRemoving(null)} />
      <TeamMembersDrawer team={managing} onClose={() => setManaging(null)} />
    </Stack>
  );
}

function TeamNameModal({
  opened,
  team,
  onClose,
}: {
  opened: boolean;
  team?: TeamRow | null;
  onClose: () => void;
}) {
  return (
    <OrgModal opened={opened} onClose={onClose} title={team ? "Rename team" : "Create team"}>
      {opened ? <TeamNameForm key={team?.id ?? "new"} team={team ?? null} onDone={onClose} /> : null}
    </OrgModal>
  );
}

function TeamNameForm({ team, onDone }: { team: TeamRow | null; onDone: () => void }) {
  const { organization } = useCurrentOrganization();
  const [name, setName] = useState(team?.name ?? "");
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const fieldError = !trimmed ? "A team name needs at least 1 character" : null;

  const save = useOrgMutation({
    mutationFn: () =>
      team
        ? unwrap(
            authClient.organization.updateTeam({
              teamId: team.id,
              data: { name: trimmed, organizationId: organization.id },
            }),
          )
        : unwrap(authClient.organization.createTeam({ name: trimmed, organizationId: organization.id })),
    invalidate: [ORG_KEY, organization.id],
    success: () =>
      team
        ? { title: "Team renamed", message: `${team.name} is now ${trimmed}.` }
        : { title: "Team created", message: `${trimmed} is ready. Add members to it.` },
    onDone,
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!fieldError) save.mutate();
      }}
    >
      <Stack gap="md">
        <ActionError error={save.error} />
        <TextInput
          label="Team name"
          placeholder="Design"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched ? fieldError : null}
          maxLength={LIMITS.organizationName}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {team ? "Save name" : "Create team"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RemoveTeamModal({ team, onClose }: { team: TeamRow | null; onClose: () => void }) {
  const { organization } = useCurrentOrganization();
  const { data: session } = authClient.useSession();
  return (
    <ConfirmActionModal
      target={team}
      onClose={onClose}
      title="Remove team"
      confirmLabel="Remove team"
      action={async (target) => {
        // better-auth refuses to remove the session's active team; clear it first.
        const activeTeamId = (session?.session as { activeTeamId?: string | null } | undefined)?.activeTeamId;
        if (activeTeamId === target.id) await unwrap(authClient.organization.setActiveTeam({ teamId: null }));
        return unwrap(
          authClient.organization.removeTeam({ teamId: target.id, organizationId: organization.id }),
        );
      }}
      invalidate={[ORG_KEY, organization.id]}
      success={(target) => ({ title: "Team removed", message: `${target.name} no longer exists.` })}
    >
      {`${team?.name ?? "This team"} will be removed. Its members stay in ${organization.name}; only the team goes. Pending invitations to it no longer add anyone to it.`}
    </ConfirmActionModal>
  );
}

function TeamMembersDrawer({ team, onClose }: { team: TeamRow | null; onClose: () => void }) {
  return (
    <Drawer
      opened={team !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={team ? `${team.name} · members` : "Team members"}
      closeButtonProps={{ "aria-label": "Close team members" }}
    >
      {team ? <TeamMembersPanel key={team.id} team={team} /> : null}
    </Drawer>
  );
}

function TeamMembersPanel({ team }: { team: TeamRow }) {
  const { organization } = useCurrentOrganization();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState<string | null>(null);
  const members = useQuery(
    teamMembersQuery(organization.id, team.id, { limit: 20, offset: (page - 1) * 20 }),
  );
  const candidates = useQuery(
    membersQuery(organization.id, { search: debouncedSearch || undefined, limit: 20, offset: 0 }),
  );
  const inTeam = new Set(members.data?.members.map((member) => member.userId));
  const options = (candidates.data?.members ?? [])
    .filter((member) => !inTeam.has(member.userId))
    .map((member) => ({
      value: member.userId,
      label: member.user.name ? `${member.user.name} (${member.user.email})` : member.user.email,
    }));
  const total = members.data?.total ?? 0;

  const add = useOrgMutation({
    mutationFn: (userId: string) =>
      unwrap(
        authClient.organization.addTeamMember({ teamId: team.id, userId, organizationId: organization.id }),
      ),
    invalidate: [ORG_KEY, organization.id],
    success: () => ({ title: "Added to team", message: `They are now in ${team.name}.` }),
    onDone: () => {
      setSelected(null);
      setSearch("");
    },
  });
  const remove = useOrgMutation({
    mutationFn: (userId: string) =>
      unwrap(
        authClient.organization.removeTeamMember({
          teamId: team.id,
          userId,
          organizationId: organization.id,
        }),
      ),
    invalidate: [ORG_KEY, organization.id],
    success: () => ({ title: "Removed from team", message: `They are no longer in ${team.name}.` }),
    failureTitle: "Could not remove",
  });

  return (
    <Stack gap="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (selected) add.mutate(selected);
        }}
      >
        <Stack gap="xs">
          <ActionError error={add.error} />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label="Add a member of the organization"
              placeholder="Search by name or email"
              data={options}
              value={selected}
              onChange={setSelected}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={candidates.isFetching ? "Searching…" : "No one else to add"}
              style={{ flex: 1 }}
              size="sm"
              comboboxProps={{ withinPortal: true }}
            />
            <Button type="submit" size="sm" disabled={!selected} loading={add.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        {members.data ? plural(total, "member") : " "}
      </Text>
      {members.error ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      ) : members.isPending ? (
        <ListSkeleton rows={3} label="Loading team members" />
      ) : total === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconUsersGroup size={22} stroke={1.6} aria-hidden />}
          title="Nobody in this team yet"
          description="Pick members of the organization above to add them."
        />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {members.data?.members.map((member) => {
            const who = member.user.name || member.user.email;
            return (
              <Group key={member.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
                <MemberIdentity user={member.user} avatarSize={32} />
                <Tooltip label="Remove from team" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${who} from ${team.name}`}
                    loading={remove.isPending && remove.variables === member.userId}
                    onClick={() => remove.mutate(member.userId)}
                  >
                    <IconUserMinus size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      )}
      {total > 20 ? (
        <Group justify="center">
          <PageNumbers pages={Math.ceil(total / 20)} page={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
