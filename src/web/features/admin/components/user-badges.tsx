import { Badge, type BadgeProps, Group } from "@mantine/core";
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconShieldLock,
  type TablerIcon,
} from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { isAdmin } from "#web/lib/admin-role.ts";
import type { AdminUser } from "../api/admin-users.ts";

type BadgeSize = "xs" | "sm" | "md";

interface Look {
  label: MessageId;
  color: BadgeProps["color"];
  icon?: TablerIcon;
}

const ADMIN: Look = { label: "admin.role.admin", color: "indigo", icon: IconShieldLock };
const USER: Look = { label: "admin.role.user", color: "gray" };
const BANNED: Look = { label: "admin.badge.banned", color: "red", icon: IconBan };
const VERIFIED: Look = { label: "admin.badge.verified", color: "teal", icon: IconCircleCheck };
const UNVERIFIED: Look = { label: "admin.badge.unverified", color: "yellow", icon: IconAlertTriangle };

function LookBadge({ look: { label, color, icon: Icon }, size }: { look: Look; size: BadgeSize }) {
  return (
    <Badge
      size={size}
      color={color}
      variant="light"
      leftSection={Icon ? <Icon size={12} aria-hidden /> : null}
    >
      {t(label)}
    </Badge>
  );
}

export function RoleBadge({ user, size = "sm" }: { user: AdminUser; size?: BadgeSize }) {
  return <LookBadge look={isAdmin(user) ? ADMIN : USER} size={size} />;
}

/** Banned first (it matters most), then whether the email is verified. */
export function StatusBadges({ user, size = "sm" }: { user: AdminUser; size?: BadgeSize }) {
  return (
    <Group gap={6} wrap="wrap">
      {user.banned ? <LookBadge look={BANNED} size={size} /> : null}
      <LookBadge look={user.emailVerified ? VERIFIED : UNVERIFIED} size={size} />
    </Group>
  );
}
