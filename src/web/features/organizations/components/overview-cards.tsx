import { Card, Group, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed, IconMailForward, IconUserPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { parseRoles } from "#shared/roles.ts";
import { TextLink } from "#web/components/text-link.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { formatDateTime, plural } from "#web/lib/format.ts";
import type { FullOrganization, MemberRow } from "../api/types.ts";
import { memberName } from "../api/use-member-mutations.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { RoleBadges } from "./role-badges.tsx";

/** A card of the overview, under a small heading (and a link at its right). */
export function OverviewCard({
  title,
  link,
  spacing = "sm",
  children,
}: {
  title: string;
  link?: ReactNode;
  /** The space under the heading. */
  spacing?: "sm" | "md";
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="lg" shadow="xs">
      <Group justify="space-between" mb={spacing}>
        <Title order={3} fz="md">
          {title}
        </Title>
        {link}
      </Group>
      {children}
    </Card>
  );
}

/** One figure at the top of the overview. */
export function Stat({
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
  who: string;
  what: string;
}

/** The newest joins and invitations, newest first. */
function activityOf(newest: MemberRow[], full: FullOrganization | undefined): Activity[] {
  return [
    ...newest.map((member) => ({
      key: `m-${member.id}`,
      at: member.createdAt,
      icon: <IconUserPlus size={14} aria-hidden />,
      who: memberName(member),
      what: ` joined as ${parseRoles(member.role).join(" and ")}`,
    })),
    ...(full?.invitations ?? []).map((invitation) => ({
      key: `i-${invitation.id}`,
      at: invitation.createdAt,
      icon: <IconMailForward size={14} aria-hidden />,
      who: invitation.inviterName || "Someone",
      what: ` invited ${invitation.email}`,
    })),
  ]
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
    .slice(0, 6);
}

export function RecentActivity({
  newest,
  full,
  loading,
}: {
  newest: MemberRow[] | undefined;
  full: FullOrganization | undefined;
  loading: boolean;
}) {
  const activity = activityOf(newest ?? [], full);
  return (
    <OverviewCard title="Recent activity" spacing="md">
      {loading ? (
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
              <div>
                <Text span fw={600} size="sm">
                  {item.who}
                </Text>
                <Text span size="sm">
                  {item.what}
                </Text>
              </div>
              <Text size="xs" c="dimmed" mt={2}>
                {formatDateTime(item.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </OverviewCard>
  );
}

/** First steps for a new organization, until each is done. */
export function GetStarted({ full }: { full: FullOrganization }) {
  const { organization } = useCurrentOrganization();
  const steps = [
    { done: Boolean(organization.logo), label: "Add a logo", to: "/org/$slug/settings" as const },
    {
      done: full.memberCount > 1 || full.invitationCount > 0,
      label: "Invite a teammate",
      to: "/org/$slug/invitations" as const,
    },
    { done: full.teamCount > 1, label: "Create a team", to: "/org/$slug/teams" as const },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <OverviewCard title="Get started">
      <Stack gap={8}>
        {steps.map((step) => (
          <Group key={step.label} gap="xs" wrap="nowrap">
            {step.done ? (
              <IconCircleCheck size={18} color="var(--mantine-color-teal-light-color)" aria-hidden />
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
    </OverviewCard>
  );
}

/** A few members, with a link to all of them. */
export function People({ full }: { full: FullOrganization }) {
  const { organization } = useCurrentOrganization();
  if (full.members.length === 0) return null;
  return (
    <OverviewCard
      title="People"
      link={
        <TextLink to="/org/$slug/members" params={{ slug: organization.slug }} size="sm">
          {`See all ${plural(full.memberCount, "member")}`}
        </TextLink>
      }
    >
      <Group gap="lg" wrap="wrap">
        {full.members.map((member) => (
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
                {memberName(member)}
              </Text>
              <RoleBadges role={member.role} size="xs" />
            </div>
          </Group>
        ))}
      </Group>
    </OverviewCard>
  );
}
