import { Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { RecentEvents } from "#web/components/audit/recent-events.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { FullOrganization } from "../api/types.ts";
import { memberName } from "../api/use-member-mutations.ts";
import { teamStep } from "../lib/get-started.ts";
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

/** The organization's newest audit events, with a link to its Activity page (owners and admins). */
export function RecentActivity() {
  const { organization } = useCurrentOrganization();
  return (
    <OverviewCard
      title={t("organizations.overview.recentActivity")}
      spacing="md"
      link={
        <TextLink to="/org/$slug/activity" params={{ slug: organization.slug }} size="sm">
          {t("organizations.overview.seeAllActivity")}
        </TextLink>
      }
    >
      <RecentEvents scope={{ organizationId: organization.id }} />
    </OverviewCard>
  );
}

/** First steps for a new organization, until each is done. */
export function GetStarted({ full }: { full: FullOrganization }) {
  const { organization } = useCurrentOrganization();
  const teams = teamStep(full);
  const steps = [
    {
      done: Boolean(organization.logo),
      label: t("organizations.overview.stepLogo"),
      to: "/org/$slug/settings" as const,
    },
    {
      done: full.memberCount > 1 || full.invitationCount > 0,
      label: t("organizations.overview.stepInvite"),
      to: "/org/$slug/invitations" as const,
    },
    {
      done: teams.done,
      label: t("organizations.overview.stepTeam"),
      to: "/org/$slug/teams" as const,
      note: teams.cameWith
        ? t("organizations.overview.stepTeamNote", { team: teams.cameWith.name })
        : undefined,
    },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <OverviewCard title={t("organizations.overview.getStarted")}>
      <Stack gap={8}>
        {steps.map((step) => (
          <Group key={step.label} gap="xs" wrap="nowrap" align="flex-start">
            {step.done ? (
              <IconCircleCheck size={18} color="var(--mantine-color-teal-light-color)" aria-hidden />
            ) : (
              <IconCircleDashed size={18} aria-hidden style={{ opacity: 0.6 }} />
            )}
            {step.done ? (
              <Text size="sm" c="dimmed" td="line-through">
                {t("organizations.overview.stepDone", { step: step.label })}
              </Text>
            ) : (
              <div style={{ minWidth: 0 }}>
                <TextLink to={step.to} params={{ slug: organization.slug }} size="sm">
                  {step.label}
                </TextLink>
                {step.note ? (
                  <Text size="xs" c="dimmed">
                    {step.note}
                  </Text>
                ) : null}
              </div>
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
      title={t("organizations.overview.people")}
      link={
        <TextLink to="/org/$slug/members" params={{ slug: organization.slug }} size="sm">
          {t("organizations.overview.seeAllMembers", { count: full.memberCount })}
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
