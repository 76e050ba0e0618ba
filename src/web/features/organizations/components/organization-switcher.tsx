import { Badge, Group, Menu, Skeleton, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import {
  IconBuildingCommunity,
  IconCheck,
  IconLayoutList,
  IconMailOpened,
  IconPlus,
  IconSelector,
} from "@tabler/icons-react";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { t } from "#web/i18n/i18n.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { useOrganizations } from "../api/queries.ts";
import { useDomainOffers } from "../api/use-domains.ts";
import { activeOrganizationIdOf } from "../lib/session.ts";
import { OrgAvatar } from "./org-avatar.tsx";
import { InvitationDialog, SwitcherInvitations, useSwitcherInvitations } from "./pending-invitations.tsx";

/** The slug of the organization page being shown, if any. */
function useSlugInPath(): string | undefined {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const match = /^\/org\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** Header menu: the current organization, the user's others, and "Create organization". */
export function OrganizationSwitcher() {
  const navigate = useNavigate();
  const { data: session } = authClient.useSession();
  const { data: organizations, isPending, error } = useOrganizations(Boolean(session));
  useUnreachableNotice(error);
  const slugInPath = useSlugInPath();
  // Organizations the person's verified address lets in (issue 18): offered here on every page.
  const offersQuery = useDomainOffers(Boolean(session));
  useUnreachableNotice(offersQuery.error);
  const offers = offersQuery.data ?? [];
  const activeId = activeOrganizationIdOf(session);
  // Pending invitations (issue 18): counted on the button, listed in the menu, answered in a dialog.
  const pending = useSwitcherInvitations(Boolean(session));
  const waiting = pending.invitations.length;
  const current =
    organizations?.find((org) => org.slug === slugInPath) ??
    (slugInPath ? undefined : organizations?.find((org) => org.id === activeId));

  if (!session) return null;
  if (isPending) return <Skeleton height={34} width={150} radius="md" aria-hidden />;

  return (
    <>
      <Menu
        position="bottom-start"
        width={280}
        shadow="md"
        withinPortal={false}
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <UnstyledButton
            data-testid="organization-switcher"
            aria-label={
              current
                ? waiting > 0
                  ? t("organizations.switcher.currentLabelPending", { name: current.name, count: waiting })
                  : t("organizations.switcher.currentLabel", { name: current.name })
                : waiting > 0
                  ? t("organizations.switcher.chooseLabelPending", { count: waiting })
                  : t("organizations.switcher.chooseLabel")
            }
            px={8}
            py={4}
            style={{
              borderRadius: "var(--mantine-radius-md)",
              border: "1px solid var(--mantine-color-default-border)",
              // Shrinks with the header; a long name ends in an ellipsis.
              minWidth: 0,
              maxWidth: 240,
            }}
          >
            <Group gap={8} wrap="nowrap">
              {current ? (
                <OrgAvatar name={current.name} logo={current.logo} size={26} radius="sm" />
              ) : (
                <ThemeIcon size={26} radius="sm" variant="light" aria-hidden>
                  <IconBuildingCommunity size={16} />
                </ThemeIcon>
              )}
              <Text size="sm" fw={600} truncate className="gh-switcher-name" style={{ minWidth: 0 }}>
                {current ? current.name : t("organizations.list.title")}
              </Text>
              {waiting > 0 ? (
                <Badge size="sm" circle color="indigo" aria-hidden data-testid="switcher-invitation-count">
                  {waiting}
                </Badge>
              ) : null}
              <IconSelector size={14} stroke={1.8} aria-hidden style={{ flexShrink: 0 }} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <SwitcherInvitations invitations={pending.invitations} onOpen={pending.open} />
          {organizations && organizations.length > 0 ? (
            <>
              <Menu.Label>{t("organizations.switcher.yours")}</Menu.Label>
              <div style={{ maxHeight: 320, overflowY: "auto" }}>
                {organizations.map((org) => (
                  <Menu.Item
                    key={org.id}
                    leftSection={<OrgAvatar name={org.name} logo={org.logo} size={24} radius="sm" />}
                    rightSection={
                      org.id === current?.id ? (
                        <IconCheck size={16} aria-label={t("organizations.switcher.current")} />
                      ) : null
                    }
                    onClick={() => navigate({ to: "/org/$slug", params: { slug: org.slug } })}
                  >
                    <Text size="sm" truncate>
                      {org.name}
                    </Text>
                  </Menu.Item>
                ))}
              </div>
              <Menu.Divider />
            </>
          ) : (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              {t("organizations.switcher.none")}
            </Text>
          )}
          {offers.length > 0 ? (
            <>
              <Menu.Label>{t("organizations.switcher.throughEmail")}</Menu.Label>
              {offers.map((offer) => (
                <Menu.Item
                  key={offer.organizationId}
                  leftSection={<IconBuildingCommunity size={16} aria-hidden />}
                  onClick={() => navigate({ to: "/organizations" })}
                >
                  <Text size="sm" truncate>
                    {offer.joinMode === "auto"
                      ? t("organizations.switcher.join", { organization: offer.organizationName })
                      : t("organizations.switcher.askToJoin", { organization: offer.organizationName })}
                  </Text>
                </Menu.Item>
              ))}
              <Menu.Divider />
            </>
          ) : null}
          <Menu.Item
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => navigate({ to: "/organizations/new" })}
          >
            {t("organizations.create.title")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLayoutList size={16} aria-hidden />}
            onClick={() => navigate({ to: "/organizations" })}
          >
            {t("organizations.switcher.all")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMailOpened size={16} aria-hidden />}
            onClick={() => navigate({ to: "/invitations" })}
          >
            {t("organizations.myInvitations.title")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <InvitationDialog invitation={pending.opened} onClose={pending.close} />
    </>
  );
}
