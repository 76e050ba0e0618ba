import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import type { PersonRef } from "../api/types.ts";

interface MemberIdentityProps {
  user: PersonRef;
  avatarSize: number;
  /**
   * Shown after the name, which then shares a row with it. A table passes null
   * on rows without one, so that every row is laid out alike.
   */
  nameBadge?: ReactNode;
  /** More lines under the email. */
  children?: ReactNode;
}

/** A member's avatar, name and email, truncated to fit. */
export function MemberIdentity({ user, avatarSize, nameBadge, children }: MemberIdentityProps) {
  const name = (
    <Text size="sm" fw={600} truncate maw="100%">
      {user.name || user.email}
    </Text>
  );
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <UserAvatar name={user.name} email={user.email} image={user.image} size={avatarSize} radius="xl" />
      <div style={{ minWidth: 0 }}>
        {nameBadge === undefined ? (
          name
        ) : (
          // Badges move under a long name rather than being cut short on a phone.
          <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
            {name}
            {nameBadge}
          </Group>
        )}
        <Text size="xs" c="dimmed" truncate>
          {user.email}
        </Text>
        {children}
      </div>
    </Group>
  );
}
