import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Drawer,
  EmptyState,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconAlertCircle,
  IconDots,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUserMinus,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LIMITS } from "#shared/limits.ts";
import { PageNumbers, PagePagination } from "#web/components/page-pagination.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDate, plural } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { unwrap } from "../api/org-request.ts";
import { membersQuery, ORG_KEY, teamMembersQuery, teamsQuery } from "../api/queries.ts";
import type { TeamRow } from "../api/types.ts";
import { orgErrorMessage } from "../lib/org-errors.ts";
import { ConfirmModal } from "./confirm-modal.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { ListSkeleton, QueryError, SectionHeader } from "./page-states.tsx";
import { TableRegion } from "./table-region.tsx";

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
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
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
      <Card withBorder padding={0} radius="lg" shadow="xs">
        {query.error ? (
          <Stack p="md">
            <QueryError
              error={query.error}
              onRetry={() => void query.refetch()}
              title="We couldn't load the teams"
            />
          </Stack>
        ) : query.isPending ? (
          <Stack p="md">
            <ListSkeleton rows={3} label="Loading teams" />
          </Stack>
        ) : total === 0 ? (
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
        ) : (
          <TableRegion label="Teams table">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Team</Table.Th>
                  <Table.Th>Members</Table.Th>
                  <Table.Th visibleFrom="sm">Created</Table.Th>
                  {manages ? (
                    <Table.Th w={56}>
                      <span className="gh-visually-hidden">Actions</span>
                    </Table.Th>
                  ) : null}
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
                        <Menu
                          position="bottom-end"
                          shadow="md"
                          width={260}
                          withInitialFocusPlaceholder={false}
                        >
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
        )}
        <PagePagination pages={pages} page={page} onChange={setPage} />
      </Card>
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={team ? "Rename team" : "Create team"}
      centered
      radius="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {opened ? <TeamNameForm key={team?.id ?? "new"} team={team ?? null} onDone={onClose} /> : null}
    </Modal>
  );
}

function TeamNameForm({ team, onDone }: { team: TeamRow | null; onDone: () => void }) {
  const { organization } = useCurrentOrganization();
  const queryClient = useQueryClient();
  const [name, setName] = useState(team?.name ?? "");
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const fieldError = !trimmed ? "A team name needs at least 1 character" : null;

  const save = useMutation({
    mutationFn: () =>
      team
        ? unwrap(
            authClient.organization.updateTeam({
              teamId: team.id,
              data: { name: trimmed, organizationId: organization.id },
            }),
          )
        : unwrap(authClient.organization.createTeam({ name: trimmed, organizationId: organization.id })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [ORG_KEY, organization.id] });
      notifications.show({
        color: "teal",
        title: team ? "Team renamed" : "Team created",
        message: team ? `${team.name} is now ${trimmed}.` : `${trimmed} is ready. Add members to it.`,
      });
      onDone();
    },
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
        {save.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {orgErrorMessage(save.error)}
          </Alert>
        ) : null}
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
  const queryClient = useQueryClient();
  const { data: session } = authClient.useSession();
  const remove = useMutation({
    mutationFn: async (target: TeamRow) => {
      // better-auth refuses to remove the session's active team; clear it first.
      const activeTeamId = (session?.session as { activeTeamId?: string | null } | undefined)?.activeTeamId;
      if (activeTeamId === target.id) await unwrap(authClient.organization.setActiveTeam({ teamId: null }));
      return unwrap(
        authClient.organization.removeTeam({ teamId: target.id, organizationId: organization.id }),
      );
    },
    onSuccess: async (_data, target) => {
      await queryClient.invalidateQueries({ queryKey: [ORG_KEY, organization.id] });
      notifications.show({
        color: "teal",
        title: "Team removed",
        message: `${target.name} no longer exists.`,
      });
      close();
    },
  });
  function close() {
    remove.reset();
    onClose();
  }
  return (
    <ConfirmModal
      opened={team !== null}
      onClose={close}
      title="Remove team"
      confirmLabel="Remove team"
      onConfirm={() => team && remove.mutate(team)}
      loading={remove.isPending}
      error={remove.error}
    >
      {`${team?.name ?? "This team"} will be removed. Its members stay in ${organization.name}; only the team goes. Pending invitations to it no longer add anyone to it.`}
    </ConfirmModal>
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
  const queryClient = useQueryClient();
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

  const add = useMutation({
    mutationFn: (userId: string) =>
      unwrap(
        authClient.organization.addTeamMember({ teamId: team.id, userId, organizationId: organization.id }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [ORG_KEY, organization.id] });
      notifications.show({ color: "teal", title: "Added to team", message: `They are now in ${team.name}.` });
      setSelected(null);
      setSearch("");
    },
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      unwrap(
        authClient.organization.removeTeamMember({
          teamId: team.id,
          userId,
          organizationId: organization.id,
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [ORG_KEY, organization.id] });
      notifications.show({
        color: "teal",
        title: "Removed from team",
        message: `They are no longer in ${team.name}.`,
      });
    },
    onError: (error) =>
      notifications.show({ color: "red", title: "Could not remove", message: orgErrorMessage(error) }),
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
          {add.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {orgErrorMessage(add.error)}
            </Alert>
          ) : null}
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
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <UserAvatar
                    name={member.user.name}
                    email={member.user.email}
                    image={member.user.image}
                    size={32}
                    radius="xl"
                  />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {who}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {member.user.email}
                    </Text>
                  </div>
                </Group>
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
