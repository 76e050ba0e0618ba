import { Group } from "@mantine/core";
import { IconApps, IconHistory, IconUsers, IconWebhook } from "@tabler/icons-react";
import { useLocation } from "@tanstack/react-router";
import { ButtonLink } from "#web/components/button-link.tsx";

const SECTIONS = [
  { to: "/admin/users", label: "Users", icon: IconUsers },
  { to: "/admin/applications", label: "Applications", icon: IconApps },
  { to: "/admin/audit", label: "Audit log", icon: IconHistory },
  { to: "/admin/webhooks", label: "Webhooks", icon: IconWebhook },
] as const;

/** The admin area's sections, above every admin page. */
export function AdminNav() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Admin sections" gap="xs" pt={{ base: "xs", sm: "md" }} pb="xs">
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
            {label}
          </ButtonLink>
        );
      })}
    </Group>
  );
}
