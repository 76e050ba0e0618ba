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
import { isAdmin } from "#web/lib/admin-role.ts";
import { formatDate, formatDateTime, formatRelative } from "#web/lib/format.ts";
import type { AdminUser } from "../api/admin-users.ts";
import { GuardedButton } from "./guarded-button.tsx";

function CopyId({ id }: { id: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ overflowWrap: "anywhere" }}>{id}</Code>
      <CopyValueIcon value={id} label="user ID" size="xs" />
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
    <SectionCard title="Profile">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Detail icon={<IconId size={18} />} label="User ID">
          <CopyId id={user.id} />
        </Detail>
        <Detail icon={<IconMail size={18} />} label="Email">
          <Group gap={6} wrap="wrap">
            <span>{user.email}</span>
            {user.emailVerified ? (
              <IconCircleCheck
                size={16}
                color="var(--mantine-color-teal-light-color)"
                aria-label="verified"
                role="img"
              />
            ) : (
              <Text span size="xs" c="dimmed">
                (not verified)
              </Text>
            )}
          </Group>
        </Detail>
        <Detail icon={<IconShieldLock size={18} />} label="Role">
          <Group gap="xs" wrap="wrap">
            <span>{isAdmin(user) ? "Admin" : "User"}</span>
            <GuardedButton
              id="role"
              reason={self ? "You cannot change your own role. Ask another admin." : null}
              size="compact-xs"
              variant="subtle"
              onClick={onChangeRole}
            >
              Change role
            </GuardedButton>
          </Group>
        </Detail>
        <Detail icon={<IconCalendar size={18} />} label="Joined">
          {`${formatDate(user.createdAt)} (${formatRelative(user.createdAt)})`}
        </Detail>
        <Detail icon={<IconClock size={18} />} label="Last updated">
          {formatDateTime(user.updatedAt)}
        </Detail>
        <Detail icon={<IconBan size={18} />} label="Access">
          {user.banned ? "Banned" : "Can sign in"}
        </Detail>
      </SimpleGrid>
    </SectionCard>
  );
}
