import { ActionIcon, Button, Drawer, EmptyState, Group, Select, Stack, Text, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconUserMinus, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { ErrorAlert, LoadError } from "#web/components/error-alert.tsx";
import { PageNumbers } from "#web/components/page-pagination.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { useMembers, useTeamMembers } from "../api/queries.ts";
import type { TeamRow } from "../api/types.ts";
import { memberName } from "../api/use-member-mutations.ts";
import { useAddTeamMember, useRemoveTeamMember } from "../api/use-team-mutations.ts";
import { MemberIdentity } from "./member-identity.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

const PAGE_SIZE = 20;

/** The side panel listing a team's members, to add and remove them. */
export function TeamMembersDrawer({ team, onClose }: { team: TeamRow | null; onClose: () => void }) {
  return (
    <Drawer
      opened={team !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={
        team
          ? t("organizations.teamMembers.title", { team: team.name })
          : t("organizations.teamMembers.titleNone")
      }
      closeButtonProps={{ "aria-label": t("organizations.teamMembers.close") }}
    >
      {team ? <TeamMembersPanel key={team.id} team={team} /> : null}
    </Drawer>
  );
}

function TeamMembersPanel({ team }: { team: TeamRow }) {
  const { organization } = useCurrentOrganization();
  const [page, setPage] = useState(1);
  const members = useTeamMembers(organization.id, team.id, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const remove = useRemoveTeamMember(organization.id, team);
  const total = members.data?.total ?? 0;
  const inTeam = new Set(members.data?.items.map((member) => member.userId));

  return (
    <Stack gap="md">
      <AddTeamMember team={team} inTeam={inTeam} />
      <Text size="sm" c="dimmed">
        {members.data ? t("organizations.teams.memberCount", { count: total }) : " "}
      </Text>
      {members.error ? (
        <LoadError error={members.error} onRetry={() => void members.refetch()} />
      ) : members.isPending ? (
        <ListSkeleton rows={3} label={t("organizations.teamMembers.loading")} />
      ) : total === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconUsersGroup size={22} stroke={1.6} aria-hidden />}
          title={t("organizations.teamMembers.emptyTitle")}
          description={t("organizations.teamMembers.emptyDescription")}
        />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {members.data?.items.map((member) => (
            <Group key={member.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
              <MemberIdentity user={member.user} avatarSize={32} />
              <Tooltip label={t("organizations.teamMembers.remove")} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("organizations.teamMembers.removeLabel", {
                    name: memberName(member),
                    team: team.name,
                  })}
                  loading={remove.isPending && remove.variables?.userId === member.userId}
                  onClick={() => remove.mutate({ userId: member.userId, name: memberName(member) })}
                >
                  <IconUserMinus size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
      {total > PAGE_SIZE ? (
        <Group justify="center">
          <PageNumbers pages={Math.ceil(total / PAGE_SIZE)} page={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** A member picked to be added: kept as picked, whatever the search shows next. */
interface PickedMember {
  userId: string;
  name: string;
  label: string;
}

/**
 * Picks a member of the organization, found by name or email on the server, to add to the team. The pick is kept
 * as it was made: picking fills the box with the person's label, which is not a search (it would find nobody,
 * and an Add pressed after that answer arrived used to do nothing).
 */
function AddTeamMember({ team, inTeam }: { team: TeamRow; inTeam: Set<string> }) {
  const { organization } = useCurrentOrganization();
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  const searching = debouncedSearch && debouncedSearch !== chosen?.label ? debouncedSearch : undefined;
  const candidates = useMembers(organization.id, { search: searching, limit: PAGE_SIZE, offset: 0 });
  useUnreachableNotice(candidates.error);
  const picks: PickedMember[] = (candidates.data?.members ?? [])
    .filter((member) => !inTeam.has(member.userId))
    .map((member) => ({
      userId: member.userId,
      name: memberName(member),
      label: member.user.name ? `${member.user.name} (${member.user.email})` : member.user.email,
    }));
  if (chosen && !picks.some((pick) => pick.userId === chosen.userId)) picks.unshift(chosen);
  const options = picks.map((pick) => ({ value: pick.userId, label: pick.label }));
  const add = useAddTeamMember(organization.id, team, () => {
    setChosen(null);
    setSearch("");
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) add.mutate({ userId: chosen.userId, name: chosen.name });
      }}
    >
      <Stack gap="xs">
        <ErrorAlert error={add.error} />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={t("organizations.teamMembers.addLabel")}
            placeholder={t("organizations.members.searchPlaceholder")}
            data={options}
            value={chosen?.userId ?? null}
            onChange={(value) => setChosen(picks.find((pick) => pick.userId === value) ?? null)}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={
              candidates.isFetching
                ? t("organizations.teamMembers.searching")
                : t("organizations.teamMembers.noneToAdd")
            }
            style={{ flex: 1 }}
            size="sm"
            comboboxProps={{ withinPortal: true }}
          />
          <Button type="submit" size="sm" disabled={!chosen} loading={add.isPending}>
            {t("organizations.teamMembers.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
