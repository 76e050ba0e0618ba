import { Alert, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconInfoCircle, IconPlus, IconUsersGroup } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { ListCard } from "#web/components/list-card.tsx";
import { SectionHeader } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useTeams } from "../api/queries.ts";
import type { TeamRow } from "../api/types.ts";
import { pageParam } from "../lib/list-search.ts";
import { ActionsCell, DateCell, ListEmpty, ListTable, ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RemoveTeamDialog, TeamActions, TeamNameDialog } from "./team-dialogs.tsx";
import { TeamMembersDrawer } from "./team-members-drawer.tsx";

const route = getRouteApi("/_signed-in/org/$slug/teams");
const PAGE_SIZE = 20;

/** `/org/$slug/teams`: create, rename and remove teams, and manage who is in each. */
export function TeamsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("organizations.teams.pageTitle", { organization: organization.name }));
  const page = route.useSearch().page ?? 1;
  const navigate = route.useNavigate();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TeamRow | null>(null);
  const [removing, setRemoving] = useState<TeamRow | null>(null);
  const [managing, setManaging] = useState<TeamRow | null>(null);
  const query = useTeams(organization.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const total = query.data?.total ?? 0;
  const lastTeam = total <= 1;
  const manages = can.updateTeams || can.deleteTeams;
  const createButton = can.createTeams ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      {t("organizations.teams.create")}
    </Button>
  ) : null;

  return (
    <Stack gap="md">
      <SectionHeader
        title={t("organizations.nav.teams")}
        description={t("organizations.teams.description")}
        actions={createButton}
      />
      {!manages ? (
        <ReadOnlyNote>{t("organizations.teams.readOnly")}</ReadOnlyNote>
      ) : lastTeam && query.data ? (
        <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("organizations.teams.lastTeamRule")}
        </Alert>
      ) : null}
      <ListCard
        query={query}
        noun={t("organizations.teams.noun")}
        skeletonRows={3}
        total={total}
        empty={
          <ListEmpty
            icon={IconUsersGroup}
            title={t("organizations.teams.emptyTitle")}
            description={t("organizations.teams.emptyDescription")}
            action={createButton}
          />
        }
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={(next) => void navigate({ search: { page: pageParam(next) } })}
      >
        <ListTable
          label={t("organizations.teams.tableLabel")}
          columns={[
            { label: t("organizations.teams.columnTeam") },
            { label: t("organizations.nav.members") },
            { label: t("organizations.teams.columnCreated"), visibleFrom: "sm" },
          ]}
          actionsWidth={manages ? 56 : undefined}
        >
          {query.data?.items.map((team) => (
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
                    {t("organizations.teams.memberCount", { count: team.memberCount })}
                  </Button>
                ) : (
                  <Text size="sm">{t("organizations.teams.memberCount", { count: team.memberCount })}</Text>
                )}
              </Table.Td>
              <DateCell value={team.createdAt} />
              <ActionsCell shown={manages}>
                <TeamActions
                  team={team}
                  lastTeam={lastTeam}
                  onManage={() => setManaging(team)}
                  onRename={() => setRenaming(team)}
                  onRemove={() => setRemoving(team)}
                />
              </ActionsCell>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <TeamNameDialog opened={creating} onClose={() => setCreating(false)} />
      <TeamNameDialog opened={renaming !== null} team={renaming} onClose={() => setRenaming(null)} />
      <RemoveTeamDialog team={removing} onClose={() => setRemoving(null)} />
      <TeamMembersDrawer team={managing} onClose={() => setManaging(null)} />
    </Stack>
  );
}
