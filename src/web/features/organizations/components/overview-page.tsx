import { Grid, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconCalendar, IconMail, IconShieldCheck, IconUsers, IconUsersGroup } from "@tabler/icons-react";
import { LoadError } from "#web/components/error-alert.tsx";
import { formatDate, plural } from "#web/lib/format.ts";
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
        Overview
      </Title>
      <OwnershipOfferNotice />
      <SimpleGrid cols={3} spacing={{ base: "xs", sm: "md" }}>
        <Stat icon={<IconUsers size={20} />} label="Members" value={data?.memberCount} loading={loading} />
        <Stat icon={<IconUsersGroup size={20} />} label="Teams" value={data?.teamCount} loading={loading} />
        {can.inviteMembers ? (
          <Stat
            icon={<IconMail size={20} />}
            label="Pending invitations"
            value={data?.invitationCount}
            loading={loading}
          />
        ) : (
          <Stat
            icon={<IconShieldCheck size={20} />}
            label="Your role"
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
            <OverviewCard title="About">
              <Stack gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <IconShieldCheck size={16} aria-hidden />
                  <Text size="sm">Your role</Text>
                  <RoleBadges role={role} size="xs" />
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <IconCalendar size={16} aria-hidden />
                  <Text size="sm">{`Created ${formatDate(organization.createdAt)}`}</Text>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <IconUsers size={16} aria-hidden />
                  {loading ? (
                    <Skeleton height={12} width={120} radius="xl" />
                  ) : (
                    <Text size="sm">
                      {`${plural(data?.memberCount ?? 0, "member")} in ${plural(data?.teamCount ?? 0, "team")}`}
                    </Text>
                  )}
                </Group>
              </Stack>
              {!can.updateMembers ? (
                <Text size="xs" c="dimmed" mt="md">
                  As a member you can see who is here. Owners and admins manage members, invitations and
                  teams.
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
