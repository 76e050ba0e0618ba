import { Grid, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconCalendar, IconMail, IconShieldCheck, IconUsers, IconUsersGroup } from "@tabler/icons-react";
import { LoadError } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { formatDate } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useFullOrganization } from "../api/queries.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { GetStarted, OverviewCard, People, RecentActivity, Stat } from "./overview-cards.tsx";
import { OwnershipOfferNotice } from "./ownership-card.tsx";
import { RoleBadges } from "./role-badges.tsx";

/** `/org/$slug`: the organization at a glance, what happened lately and what to do next. */
export function OverviewPage() {
  const { organization, role, can } = useCurrentOrganization();
  usePageTitle(organization.name);
  const full = useFullOrganization(organization.id);
  const loading = full.isPending;
  const data = full.data;

  if (full.error) return <LoadError error={full.error} onRetry={() => void full.refetch()} />;

  return (
    <Stack gap="lg">
      <Title order={2} className="gh-visually-hidden">
        {t("organizations.nav.overview")}
      </Title>
      <OwnershipOfferNotice />
      <SimpleGrid cols={3} spacing={{ base: "xs", sm: "md" }}>
        <Stat
          icon={<IconUsers size={20} />}
          label={t("organizations.nav.members")}
          value={data?.memberCount}
          loading={loading}
        />
        <Stat
          icon={<IconUsersGroup size={20} />}
          label={t("organizations.nav.teams")}
          value={data?.teamCount}
          loading={loading}
        />
        {can.inviteMembers ? (
          <Stat
            icon={<IconMail size={20} />}
            label={t("organizations.overview.pendingInvitations")}
            value={data?.invitationCount}
            loading={loading}
          />
        ) : (
          <Stat
            icon={<IconShieldCheck size={20} />}
            label={t("organizations.overview.yourRole")}
            value={<RoleBadges role={role} size="md" />}
            loading={false}
          />
        )}
      </SimpleGrid>

      <Grid gap="md">
        {can.manageAudit ? (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <RecentActivity />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: can.manageAudit ? 5 : 12 }}>
          <Stack gap="md">
            <OverviewCard title={t("organizations.overview.about")}>
              <Stack gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <IconShieldCheck size={16} aria-hidden />
                  <Text size="sm">{t("organizations.overview.yourRole")}</Text>
                  <RoleBadges role={role} size="xs" />
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <IconCalendar size={16} aria-hidden />
                  <Text size="sm">
                    {t("organizations.overview.created", { date: formatDate(organization.createdAt) })}
                  </Text>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <IconUsers size={16} aria-hidden />
                  {loading ? (
                    <Skeleton height={12} width={120} radius="xl" />
                  ) : (
                    <Text size="sm">
                      {t("organizations.overview.membersInTeams", {
                        members: data?.memberCount ?? 0,
                        teams: data?.teamCount ?? 0,
                      })}
                    </Text>
                  )}
                </Group>
              </Stack>
              {!can.updateMembers ? (
                <Text size="xs" c="dimmed" mt="md">
                  {t("organizations.overview.memberNote")}
                </Text>
              ) : null}
            </OverviewCard>
            {can.updateOrganization && can.inviteMembers && data ? <GetStarted full={data} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
      {data ? <People full={data} /> : null}
    </Stack>
  );
}
