import { Box, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconHome, IconLogout, IconShieldLock, IconUserCircle } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { t } from "#web/i18n/i18n.ts";
import { isAdmin } from "#web/lib/admin-role.ts";
import type { Session } from "#web/lib/auth-client.ts";
import { useSignOut } from "#web/lib/session-actions.ts";
import { UserAvatar } from "./user-avatar.tsx";

/** Avatar button in the header with who is signed in and "Sign out". */
export function UserMenu({ user }: { user: Session["user"] }) {
  const navigate = useNavigate();
  const signOutMutation = useSignOut(() => navigate({ to: "/sign-in" }));
  const signingOut = signOutMutation.isPending;
  const signOut = () => signOutMutation.mutate();

  return (
    <Menu
      position="bottom-end"
      width={260}
      shadow="md"
      // Kept inside the header landmark, and without Mantine's focus placeholder
      // (a role="presentation" child that role="menu" may not have).
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UnstyledButton
          data-testid="user-menu"
          aria-label={t("common.userMenu.label", { name: user.name || user.email })}
          style={{ borderRadius: "var(--mantine-radius-xl)" }}
        >
          <Group gap={6} wrap="nowrap">
            <UserAvatar name={user.name} email={user.email} image={user.image} radius="xl" size={34} />
            <Box component="span" visibleFrom="xs" style={{ lineHeight: 0 }}>
              <IconChevronDown size={14} stroke={1.8} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" px="sm" py="xs" wrap="nowrap">
          <UserAvatar name={user.name} email={user.email} image={user.image} radius="xl" size={40} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {user.name || t("common.userMenu.yourAccount")}
            </Text>
            <Text c="dimmed" size="xs" truncate>
              {user.email}
            </Text>
          </div>
        </Group>
        <Menu.Divider />
        <Menu.Item leftSection={<IconHome size={16} aria-hidden />} onClick={() => navigate({ to: "/" })}>
          {t("common.nav.home")}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconUserCircle size={16} aria-hidden />}
          onClick={() => navigate({ to: "/account" })}
        >
          {t("common.nav.account")}
        </Menu.Item>
        {isAdmin(user) ? (
          <Menu.Item
            leftSection={<IconShieldLock size={16} aria-hidden />}
            onClick={() => navigate({ to: "/admin/users" })}
          >
            {t("common.nav.admin")}
          </Menu.Item>
        ) : null}
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={signOut}
          disabled={signingOut}
          closeMenuOnClick={false}
        >
          {t("common.userMenu.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
