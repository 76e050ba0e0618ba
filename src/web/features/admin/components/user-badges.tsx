import { Badge, Group } from "@mantine/core";
import { IconAlertTriangle, IconBan, IconCircleCheck, IconShieldLock } from "@tabler/icons-react";
import { isAdmin } from "#web/lib/admin-role.ts";
import type { AdminUser } from "../api/admin-users.ts";

export function RoleBadge({ user, size = "sm" }: { user: AdminUser; size?: "xs" | "sm" | "md" }) {
  return isAdmin(user) ? (
    <Badge size={size} color="indigo" variant="light" leftSection={<IconShieldLock size={12} aria-hidden />}>
      Admin
    </Badge>
  ) : (
    <Badge size={size} color="gray" variant="light">
      User
    </Badge>
  );
}

/** Banned first (it matters most), then whether the email is verified. */
export function StatusBadges({ user, size = "sm" }: { user: AdminUser; size?: "xs" | "sm" | "md" }) {
  return (
    <Group gap={6} wrap="wrap">
      {user.banned ? (
        <Badge size={size} color="red" variant="light" leftSection={<IconBan size={12} aria-hidden />}>
          Banned
        </Badge>
      ) : null}
      {user.emailVerified ? (
        <Badge
          size={size}
          color="teal"
          variant="light"
          leftSection={<IconCircleCheck size={12} aria-hidden />}
        >
          Verified
        </Badge>
      ) : (
        <Badge
          size={size}
          color="yellow"
          variant="light"
          leftSection={<IconAlertTriangle size={12} aria-hidden />}
        >
          Unverified
        </Badge>
      )}
    </Group>
  );
}
