import { Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

interface AdminPageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Shown before the title, e.g. an avatar. */
  leading?: ReactNode;
  /** On one item's page (a user, an app): its name, shown after the section in the breadcrumbs. */
  current?: string;
  /** The admin area's section the page belongs to. @default Users */
  section?: AdminSection;
}

/** The admin area's sections, each with its list page. */
export type AdminSection = "users" | "applications" | "audit" | "webhooks";

const SECTIONS = {
  users: { label: "admin.section.users", to: "/admin/users" },
  applications: { label: "admin.section.applications", to: "/admin/applications" },
  audit: { label: "admin.section.audit", to: "/admin/audit" },
  webhooks: { label: "admin.section.webhooks", to: "/admin/webhooks" },
} as const satisfies Record<AdminSection, { label: MessageId; to: string }>;

/** Breadcrumbs, the page's one h1, a line of context and the page actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
  leading,
  current,
  section = "users",
}: AdminPageHeaderProps) {
  const crumb = SECTIONS[section];
  return (
    <Stack gap="sm">
      <Breadcrumbs
        component="nav"
        aria-label={t("admin.header.breadcrumb")}
        separatorMargin={6}
        styles={{ separator: { color: "var(--mantine-color-dimmed)" } }}
      >
        <Text size="sm" c="dimmed">
          {t("admin.header.admin")}
        </Text>
        {current ? (
          <TextLink to={crumb.to} size="sm">
            {t(crumb.label)}
          </TextLink>
        ) : (
          <Text size="sm" c="dimmed" aria-current="page">
            {t(crumb.label)}
          </Text>
        )}
        {current ? (
          <Text size="sm" c="dimmed" aria-current="page" truncate maw={220}>
            {current}
          </Text>
        ) : null}
      </Breadcrumbs>
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 320px" }}>
          {leading}
          <div style={{ minWidth: 0 }}>
            <Title
              order={1}
              fz={{ base: 24, sm: 30 }}
              lh={1.2}
              c="var(--mantine-color-bright)"
              style={{ overflowWrap: "anywhere" }}
            >
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm" mt={4} component="div">
                {description}
              </Text>
            ) : null}
          </div>
        </Group>
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}
