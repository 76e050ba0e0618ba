import { Alert, Badge, Card, type CardProps, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  IconBuildingCommunity,
  IconChevronRight,
  IconMailOpened,
  IconPlus,
  IconSearch,
} from "@tabler/icons-react";
import { createLink } from "@tanstack/react-router";
import { forwardRef, useState } from "react";
import { parseRoles } from "#shared/roles.ts";
import { ButtonLink } from "#web/components/button-link.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { PageHeading } from "#web/components/page-states.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { formatDate, formatList } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useOrganizations, useUserInvitations } from "../api/queries.ts";

import { roleLabel } from "../lib/roles.ts";
import { DomainOffersCard } from "./domain-offers-card.tsx";
import { NothingYetCard } from "./nothing-yet-card.tsx";
import { OrgAvatar, OrgIdentitySkeleton } from "./org-avatar.tsx";
import { RoleBadges } from "./role-badges.tsx";

import "../organizations.css";

const CardAnchor = forwardRef<HTMLAnchorElement, CardProps & React.ComponentPropsWithoutRef<"a">>(
  (props, ref) => <Card component="a" ref={ref} {...props} />,
);
CardAnchor.displayName = "CardAnchor";
const CardLink = createLink(CardAnchor);

/** `/organizations`: every organization the user belongs to, and a way to create one. */
export function OrganizationsPage() {
  usePageTitle(t("organizations.list.title"));
  const { data: organizations, isPending, error, refetch } = useOrganizations();
  const invitations = useUserInvitations();
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = organizations?.filter(
    (org) => !needle || org.name.toLowerCase().includes(needle) || org.slug.includes(needle),
  );
  const pendingCount = invitations.data?.length ?? 0;

  return (
    <Stack gap="lg" maw={960} mx="auto" py={{ base: "md", sm: 40 }}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <PageHeading
          title={t("organizations.list.title")}
          description={t("organizations.list.description")}
        />
        <ButtonLink to="/organizations/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("organizations.create.title")}
        </ButtonLink>
      </Group>

      <DomainOffersCard />

      {pendingCount > 0 ? (
        <Alert color="indigo" variant="light" icon={<IconMailOpened size={18} aria-hidden />}>
          <T
            id="organizations.list.pendingInvitations"
            values={{ count: pendingCount }}
            components={{ link: <TextLink to="/invitations" fw={600} c="inherit" underline="always" /> }}
          />
        </Alert>
      ) : null}

      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} title={t("organizations.list.loadFailed")} />
      ) : isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="md"
          role="status"
          aria-label={t("organizations.list.loading")}
        >
          {[0, 1, 2].map((key) => (
            <Card key={key} withBorder padding="lg" radius="lg">
              <OrgIdentitySkeleton
                size={44}
                gap="sm"
                lines={[
                  [12, "70%"],
                  [10, "40%"],
                ]}
              />
            </Card>
          ))}
        </SimpleGrid>
      ) : organizations && organizations.length === 0 ? (
        <NothingYetCard
          icon={<IconBuildingCommunity size={26} stroke={1.6} aria-hidden />}
          title={t("organizations.list.emptyTitle")}
          description={t("organizations.list.emptyDescription")}
          other={{ to: "/invitations", label: t("organizations.myInvitations.title") }}
        />
      ) : (
        <Stack gap="md">
          {organizations && organizations.length > 6 ? (
            <TextInput
              aria-label={t("organizations.list.filterLabel")}
              placeholder={t("organizations.list.filterPlaceholder")}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
              maw={360}
            />
          ) : null}
          {shown && shown.length === 0 ? (
            <Text c="dimmed">{t("organizations.list.noMatch", { filter: filter.trim() })}</Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {shown?.map((org) => (
              <CardLink
                key={org.id}
                to="/org/$slug"
                params={{ slug: org.slug }}
                withBorder
                shadow="xs"
                padding="lg"
                radius="lg"
                className="gh-hover-card"
                aria-label={t("organizations.list.cardLabel", {
                  name: org.name,
                  roles: formatList(parseRoles(org.role).map(roleLabel)),
                })}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <OrgAvatar name={org.name} logo={org.logo} size={44} />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} truncate c="var(--mantine-color-bright)">
                      {org.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {`/org/${org.slug}`}
                    </Text>
                  </div>
                  <IconChevronRight size={18} aria-hidden style={{ opacity: 0.5, flexShrink: 0 }} />
                </Group>
                <Group justify="space-between" mt="md" gap="xs">
                  <Group gap={6}>
                    <RoleBadges role={org.role} size="xs" />
                    {org.requireTwoFactor ? (
                      <Badge size="xs" variant="light" color="indigo">
                        {t("organizations.list.twoFactorRequired")}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t("organizations.list.since", { date: formatDate(org.createdAt) })}
                  </Text>
                </Group>
              </CardLink>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
