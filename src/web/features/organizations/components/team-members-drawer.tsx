import { ActionIcon, Button, Drawer, EmptyState, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconUserMinus, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { ErrorAlert, LoadError } from "#web/components/error-alert.tsx";
import { PageNumbers } from "#web/components/page-pagination.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useTeamMembers } from "../api/queries.ts";
import type { TeamRow } from "../api/types.ts";
import { memberName } from "../api/use-member-mutations.ts";
import { useAddTeamMember, useRemoveTeamMember } from "../api/use-team-mutations.ts";
import { MemberIdentity } from "./member-identity.tsx";
import { MemberPicker, type PickedMember } from "./member-picker.tsx";
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

  return (
    <Stack gap="md">
      <AddTeamMember team={team} />
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

/**
 * Picks a member of the organization who is not in the team yet (MemberPicker: searched and filtered on the
 * server, so a large team's later pages count too) and adds them to it.
 */
function AddTeamMember({ team }: { team: TeamRow }) {
  const { organization } = useCurrentOrganization();
  const [chosen, setChosen] = useState<PickedMember | null>(null);
  // A new picker (an empty box) after each addition.
  const [round, setRound] = useState(0);
  const add = useAddTeamMember(organization.id, team, () => {
    setChosen(null);
    setRound((n) => n + 1);
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
          <MemberPicker
            key={round}
            label={t("organizations.teamMembers.addLabel")}
            placeholder={t("organizations.members.searchPlaceholder")}
            notInTeam={team.id}
            nothingFound={t("organizations.teamMembers.noneToAdd")}
            value={chosen}
            onChange={setChosen}
            style={{ flex: 1 }}
            size="sm"
          />
          <Button type="submit" size="sm" disabled={!chosen} loading={add.isPending}>
            {t("organizations.teamMembers.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
