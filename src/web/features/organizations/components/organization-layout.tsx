import { Box, Card, EmptyState, Group, ScrollArea, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  IconBuildingCommunity,
  IconHistory,
  IconHome,
  IconKey,
  IconMail,
  IconSettings,
  IconShieldCheck,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
  IconWorld,
} from "@tabler/icons-react";
import { getRouteApi, Outlet, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useMemo, useRef } from "react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { TwoFactorRequired } from "#web/components/two-factor-required.tsx";
import { t } from "#web/i18n/i18n.ts";
import { isTwoFactorRequired } from "#web/lib/api/api-error.ts";
import { useCurrentInSight } from "#web/lib/use-current-in-sight.ts";
import { useFullOrganization, useOrganizationBySlug } from "../api/queries.ts";
import { useActivateOrganization } from "../api/use-organization-mutations.ts";
import { useMyPermissions } from "../api/use-roles.ts";
import { abilitiesOf } from "../lib/roles.ts";
import { OrgAvatar, OrgIdentitySkeleton } from "./org-avatar.tsx";
import { type CurrentOrganization, OrganizationContext } from "./organization-context.tsx";
import { RoleBadges } from "./role-badges.tsx";

import "../organizations.css";

const route = getRouteApi("/_signed-in/org/$slug");

type Section =
  | ""
  | "members"
  | "invitations"
  | "teams"
  | "roles"
  | "settings"
  | "api-keys"
  | "activity"
  | "webhooks"
  | "domains"
  | "sso";

interface NavItem {
  section: Section;
  label: string;
  icon: ReactNode;
}

/** The frame of every `/org/$slug/...` page: who the organization is, your role, and its sections. */
export function OrganizationLayout() {
  const { slug } = route.useParams();
  const { organization, isPending, error, refetch } = useOrganizationBySlug(slug);
  // An organization that requires two-factor: its first page answers whether this member may come in.
  const gated = Boolean(organization?.requireTwoFactor);
  const gate = useFullOrganization(organization?.id ?? "", gated);
  const blocked = gated && isTwoFactorRequired(gate.error);
  useActivateOrganization(gated && !gate.isSuccess ? undefined : organization?.id);

  // Custom roles (decision 35): the server says what this member's roles grant.
  const permissions = useMyPermissions(organization?.id);
  const current = useMemo<CurrentOrganization | null>(
    () =>
      organization
        ? {
            organization,
            role: organization.role,
            can: abilitiesOf(organization.role, permissions.data?.permissions),
            grants: permissions.data?.permissions,
          }
        : null,
    [organization, permissions.data],
  );

  if (error) {
    return (
      <Box maw={960} mx="auto" py={{ base: "md", sm: 40 }}>
        <LoadError
          error={error}
          onRetry={() => void refetch()}
          title={t("organizations.layout.loadFailed")}
        />
      </Box>
    );
  }
  if (isPending || (gated && gate.isPending)) return <LayoutSkeleton />;
  if (!current) {
    return (
      <Box maw={640} mx="auto" py={{ base: "md", sm: 48 }}>
        <Card withBorder padding="xl" radius="lg">
          <EmptyState
            variant="light"
            color="gray"
            icon={<IconBuildingCommunity size={26} stroke={1.6} aria-hidden />}
            title={
              <Title order={1} fz={22}>
                {t("organizations.layout.notFoundTitle")}
              </Title>
            }
            description={t("organizations.layout.notFoundDescription", { slug })}
          >
            <EmptyState.Actions>
              <ButtonLink to="/organizations">{t("organizations.switcher.all")}</ButtonLink>
              <ButtonLink to="/invitations" variant="default">
                {t("organizations.myInvitations.title")}
              </ButtonLink>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      </Box>
    );
  }

  const { organization: org, can } = current;
  const items: NavItem[] = [
    { section: "", label: t("organizations.nav.overview"), icon: <IconHome size={16} aria-hidden /> },
    { section: "members", label: t("organizations.nav.members"), icon: <IconUsers size={16} aria-hidden /> },
    ...(can.inviteMembers
      ? [
          {
            section: "invitations" as const,
            label: t("organizations.nav.invitations"),
            icon: <IconMail size={16} aria-hidden />,
          },
        ]
      : []),
    { section: "teams", label: t("organizations.nav.teams"), icon: <IconUsersGroup size={16} aria-hidden /> },
    ...(can.readRoles
      ? [
          {
            section: "roles" as const,
            label: t("organizations.nav.roles"),
            icon: <IconShieldLock size={16} aria-hidden />,
          },
        ]
      : []),
    {
      section: "settings",
      label: t("organizations.nav.settings"),
      icon: <IconSettings size={16} aria-hidden />,
    },
    ...(can.manageApiKeys
      ? [
          {
            section: "api-keys" as const,
            label: t("organizations.nav.apiKeys"),
            icon: <IconKey size={16} aria-hidden />,
          },
        ]
      : []),
    ...(can.manageAudit
      ? [
          {
            section: "activity" as const,
            label: t("organizations.nav.activity"),
            icon: <IconHistory size={16} aria-hidden />,
          },
          {
            section: "webhooks" as const,
            label: t("organizations.nav.webhooks"),
            icon: <IconWebhook size={16} aria-hidden />,
          },
          // Verified domains and join requests (issue 18).
          {
            section: "domains" as const,
            label: t("organizations.nav.domains"),
            icon: <IconWorld size={16} aria-hidden />,
          },
        ]
      : []),
    // Enterprise single sign-on and directory sync (issue 19): owners only.
    ...(can.isOwner
      ? [
          {
            section: "sso" as const,
            label: t("organizations.nav.sso"),
            icon: <IconShieldCheck size={16} aria-hidden />,
          },
        ]
      : []),
  ];

  return (
    <OrganizationContext.Provider value={current}>
      <Stack gap="lg" maw={1040} mx="auto" py={{ base: "sm", sm: 32 }}>
        <Group gap="md" wrap="nowrap" align="center">
          <OrgAvatar name={org.name} logo={org.logo} size={56} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Title
              order={1}
              fz={{ base: 22, sm: 28 }}
              c="var(--mantine-color-bright)"
              style={{ overflowWrap: "anywhere" }}
            >
              {org.name}
            </Title>
            <Group gap="xs" mt={4} wrap="wrap">
              <Text size="sm" c="dimmed">{`/org/${org.slug}`}</Text>
              <RoleBadges role={current.role} size="xs" />
            </Group>
          </div>
        </Group>
        {blocked ? (
          <TwoFactorRequired
            title={t("organizations.layout.twoFactorTitle")}
            description={t("organizations.layout.twoFactorDescription", { organization: org.name })}
          />
        ) : (
          <>
            <OrganizationNav slug={org.slug} items={items} />
            <Outlet />
          </>
        )}
      </Stack>
    </OrganizationContext.Provider>
  );
}

function OrganizationNav({ slug, items }: { slug: string; items: NavItem[] }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const base = `/org/${encodeURIComponent(slug)}`;
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\/|\/$/g, "") : "";
  const navRef = useRef<HTMLDivElement>(null);

  // On phones the sections are a row that scrolls sideways (faded at its end): the open one stays in sight.
  useCurrentInSight(navRef, rest);

  return (
    <Box component="nav" aria-label={t("organizations.nav.label")} className="gh-org-nav" ref={navRef}>
      <ScrollArea type="never" offsetScrollbars={false} className="gh-org-nav-scroll">
        <Group gap={4} pb={6} className="gh-org-nav-list">
          {items.map((item) => {
            const active = rest === item.section;
            return (
              <ButtonLink
                key={item.section || "overview"}
                to={item.section ? `/org/$slug/${item.section}` : "/org/$slug"}
                params={{ slug }}
                variant={active ? "filled" : "subtle"}
                color={active ? undefined : "gray"}
                size="sm"
                leftSection={item.icon}
                activeOptions={{ exact: true }}
                aria-current={active ? "page" : undefined}
                className="gh-org-nav-link"
              >
                {item.label}
              </ButtonLink>
            );
          })}
        </Group>
      </ScrollArea>
    </Box>
  );
}

function LayoutSkeleton() {
  return (
    <Stack
      gap="lg"
      maw={1040}
      mx="auto"
      py={{ base: "sm", sm: 32 }}
      role="status"
      aria-label={t("organizations.layout.loading")}
    >
      <OrgIdentitySkeleton
        size={56}
        gap="md"
        lines={[
          [18, "40%"],
          [10, "25%"],
        ]}
      />
      <Skeleton height={32} width="70%" radius="md" />
      <Skeleton height={220} radius="lg" />
    </Stack>
  );
}
