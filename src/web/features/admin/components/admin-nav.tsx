import { Group } from "@mantine/core";
import { IconApps, IconHistory, IconUsers, IconWebhook } from "@tabler/icons-react";
import { useLocation } from "@tanstack/react-router";
import { ButtonLink } from "#web/components/button-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

const SECTIONS = [
  { to: "/admin/users", label: "admin.section.users", icon: IconUsers },
  { to: "/admin/applications", label: "admin.section.applications", icon: IconApps },
  { to: "/admin/audit", label: "admin.section.audit", icon: IconHistory },
  { to: "/admin/webhooks", label: "admin.section.webhooks", icon: IconWebhook },
] as const satisfies readonly { to: string; label: MessageId; icon: unknown }[];

/** The admin area's sections, above every admin page. */
export function AdminNav() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={t("admin.nav.label")} gap="xs" pt={{ base: "xs", sm: "md" }} pb="xs">
      {SECTIONS.map(({ to, label, icon: Icon }) => {
        const active = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <ButtonLink
            key={to}
            to={to}
            size="sm"
            radius="xl"
            variant={active ? "filled" : "subtle"}
            color={active ? undefined : "gray"}
            aria-current={active ? "page" : undefined}
            leftSection={<Icon size={16} aria-hidden />}
          >
            {t(label)}
          </ButtonLink>
        );
      })}
    </Group>
  );
}
