import {
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from "@mantine/core";
import {
  IconCalendar,
  IconCircleCheck,
  IconCircleDashed,
  IconMail,
  IconMailForward,
  IconShieldCheck,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { TextLink } from "#web/components/text-link.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { formatDate, formatDateTime, plural } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { fullOrganizationQuery, membersQuery } from "../api/queries.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { QueryError } from "./page-states.tsx";
import { RoleBadges } from "./role-badges.tsx";

function Stat({
  icon,
  label,
  value,
  loading,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  loading: boolean;
}) {
  return (
    <Card withBorder padding="lg" radius="lg" shadow="xs" p={{ base: "sm", sm: "lg" }}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden visibleFrom="sm">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4} lh={1.3}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={22} width={48} mt={4} radius="sm" />
          ) : (
            <Text fz={24} fw={700} lh={1.2} c="var(--mantine-color-bright)">
              {value}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}

interface Activity {
  key: string;
  at: string;
  icon: ReactNode;
  text: ReactNode;
}

/** `/org/$slug`: the organization at a glance, what happened lately and what to do next. */
export function OverviewPage() {
  const { organization, role, can } = useCurrentOrganization();
  usePageTitle(organization.name);
  const full = useQuery(fullOrganizationQuery(organization.id));
  const newest = useQuery(
    membersQuery(organization.id, { limit: 5, offset: 0, sortBy: "createdAt", sortDirection: "desc" }),
  );
  const loading = full.isPending;
  const data = full.data;

  const activity: Activity[] = [
    ...(newest.data?.members ?? []).map((member) => ({
      key: `m-${member.id}`,
      at: member.createdAt,
      icon: <IconUserPlus size={14} aria-hidden />,
      text: (
        <>
          <Text span fw={600} size="sm">
            {member.user.name || member.user.email}
          </Text>
          <Text span size="sm">{` joined as ${member.role.split(",").join(" and ")}`}</Text>
        </>
      ),
    })),
    ...(data?.invitations ?? []).map((invitation) => ({
      key: `i-${invitation.id}`,
      at: invitation.createdAt,
      icon: <IconMailForward size={14} aria-hidden />,
      text: (
        <>
          <Text span fw={600} size="sm">
            {invitation.inviterName || "Someone"}
          </Text>
          <Text span size="sm">{` invited ${invitation.email}`}</Text>
        </>
      ),
    })),
  ]
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
    .slice(0, 6);

  const steps = [
    { done: Boolean(organization.logo), label: "Add a logo", to: "/org/$slug/settings" as const },
    {
      done: (data?.memberCount ?? 0) > 1 || (data?.invitationCount ?? 0) > 0,
      label: "Invite a teammate",
      to: "/org/$slug/invitations" as const,
    },
    { done: (data?.teamCount ?? 0) > 1, label: "Create a team", to: "/org/$slug/teams" as const },
  ];
  const showSteps = can.updateOrganization && can.inviteMembers && data && steps.some((step) => !step.done);

  if (full.error) return <QueryError error={full.error} onRetry={() => void full.refetch()} />;

  return (
    <Stack gap="lg">
      <Title order={2} className="gh-visually-hidden">
        Overview
      </Title>
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
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg" radius="lg" shadow="xs">
            <Title order={3} fz="md" mb="md">
              Recent activity
            </Title>
            {newest.isPending || loading ? (
              <Stack gap="sm" role="status" aria-label="Loading recent activity">
                {[0, 1, 2].map((key) => (
                  <Skeleton key={key} height={14} radius="xl" width={`${80 - key * 15}%`} />
                ))}
              </Stack>
            ) : activity.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing yet. New members and invitations will show up here.
              </Text>
            ) : (
              <Timeline bulletSize={24} lineWidth={2}>
                {activity.map((item) => (
                  <Timeline.Item key={item.key} bullet={item.icon}>
                    <div>{item.text}</div>
                    <Text size="xs" c="dimmed" mt={2}>
                      {formatDateTime(item.at)}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card withBorder padding="lg" radius="lg" shadow="xs">
              <Title order={3} fz="md" mb="sm">
                About
              </Title>
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
            </Card>
            {showSteps ? (
              <Card withBorder padding="lg" radius="lg" shadow="xs">
                <Title order={3} fz="md" mb="sm">
                  Get started
                </Title>
                <Stack gap={8}>
                  {steps.map((step) => (
                    <Group key={step.label} gap="xs" wrap="nowrap">
                      {step.done ? (
                        <IconCircleCheck
                          size={18}
                          color="var(--mantine-color-teal-light-color)"
                          aria-hidden
                        />
                      ) : (
                        <IconCircleDashed size={18} aria-hidden style={{ opacity: 0.6 }} />
                      )}
                      {step.done ? (
                        <Text size="sm" c="dimmed" td="line-through">
                          {`${step.label} (done)`}
                        </Text>
                      ) : (
                        <TextLink to={step.to} params={{ slug: organization.slug }} size="sm">
                          {step.label}
                        </TextLink>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Card>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      {data && data.members.length > 0 ? (
        <Card withBorder padding="lg" radius="lg" shadow="xs">
          <Group justify="space-between" mb="sm">
            <Title order={3} fz="md">
              People
            </Title>
            <TextLink to="/org/$slug/members" params={{ slug: organization.slug }} size="sm">
              {`See all ${plural(data.memberCount, "member")}`}
            </TextLink>
          </Group>
          <Group gap="lg" wrap="wrap">
            {data.members.map((member) => (
              <Group key={member.id} gap="xs" wrap="nowrap">
                <UserAvatar
                  name={member.user.name}
                  email={member.user.email}
                  image={member.user.image}
                  size={32}
                  radius="xl"
                />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate maw={180}>
                    {member.user.name || member.user.email}
                  </Text>
                  <RoleBadges role={member.role} size="xs" />
                </div>
              </Group>
            ))}
          </Group>
        </Card>
      ) : null}
    </Stack>
  );
}
