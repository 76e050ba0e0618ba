import { Code, Group, SimpleGrid, Text } from "@mantine/core";
import {
  IconBan,
  IconCalendar,
  IconCircleCheck,
  IconClock,
  IconId,
  IconMail,
  IconShieldLock,
} from "@tabler/icons-react";
import { CopyValueIcon } from "#web/components/copy-value.tsx";
import { Detail } from "#web/components/detail.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { isAdmin } from "#web/lib/admin-role.ts";
import { formatDate, formatDateTime, formatRelative } from "#web/lib/format.ts";
import type { AdminUser } from "../api/admin-users.ts";
import { GuardedButton } from "./guarded-button.tsx";

function CopyId({ id }: { id: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ overflowWrap: "anywhere" }}>{id}</Code>
      <CopyValueIcon value={id} label={t("admin.profile.copyId")} size="xs" />
    </Group>
  );
}

interface UserProfileCardProps {
  user: AdminUser;
  /** The signed-in admin is looking at their own account. */
  self: boolean;
  onChangeRole: () => void;
}

/** Who the user is: id, email, role (with the way to change it), dates and access. */
export function UserProfileCard({ user, self, onChangeRole }: UserProfileCardProps) {
  return (
    <SectionCard title={t("admin.profile.title")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Detail icon={<IconId size={18} />} label={t("admin.profile.userId")}>
          <CopyId id={user.id} />
        </Detail>
        <Detail icon={<IconMail size={18} />} label={t("admin.profile.email")}>
          <Group gap={6} wrap="wrap">
            <span>{user.email}</span>
            {user.emailVerified ? (
              <IconCircleCheck
                size={16}
                color="var(--mantine-color-teal-light-color)"
                aria-label={t("admin.profile.verified")}
                role="img"
              />
            ) : (
              <Text span size="xs" c="dimmed">
                {t("admin.profile.notVerified")}
              </Text>
            )}
          </Group>
        </Detail>
        <Detail icon={<IconShieldLock size={18} />} label={t("admin.users.column.role")}>
          <Group gap="xs" wrap="wrap">
            <span>{isAdmin(user) ? t("admin.role.admin") : t("admin.role.user")}</span>
            <GuardedButton
              id="role"
              reason={self ? t("admin.profile.ownRole") : null}
              size="compact-xs"
              variant="subtle"
              onClick={onChangeRole}
            >
              {t("admin.role.changeTitle")}
            </GuardedButton>
          </Group>
        </Detail>
        <Detail icon={<IconCalendar size={18} />} label={t("admin.users.column.joined")}>
          {t("admin.profile.joined", {
            date: formatDate(user.createdAt),
            relative: formatRelative(user.createdAt),
          })}
        </Detail>
        <Detail icon={<IconClock size={18} />} label={t("admin.profile.updated")}>
          {formatDateTime(user.updatedAt)}
        </Detail>
        <Detail icon={<IconBan size={18} />} label={t("admin.profile.access")}>
          {user.banned ? t("admin.badge.banned") : t("admin.profile.canSignIn")}
        </Detail>
      </SimpleGrid>
    </SectionCard>
  );
}
