import { Box, Button, Container, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSpy } from "@tabler/icons-react";
import { useState } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage } from "#web/lib/auth-errors.ts";

/**
 * Shown on every screen while an admin acts as another user (the session's
 * `impersonatedBy` is set), with the way back. Stopping swaps the session
 * cookie for the admin's own, so the page is reloaded rather than patched.
 */
export function ImpersonationBanner() {
  const { data } = authClient.useSession();
  const [stopping, setStopping] = useState(false);
  if (!data?.session.impersonatedBy) return null;
  const { user } = data;

  async function stop() {
    setStopping(true);
    const { error } = await authClient.admin.stopImpersonating();
    if (error) {
      setStopping(false);
      notifications.show({
        color: "red",
        title: "Could not stop impersonating",
        message: authErrorMessage(error),
      });
      return;
    }
    window.location.assign(`/admin/users/${encodeURIComponent(user.id)}`);
  }

  return (
    <Box
      role="region"
      aria-label="Impersonation"
      data-testid="impersonation-banner"
      py={8}
      style={{
        position: "sticky",
        top: "var(--app-shell-header-offset, 64px)",
        zIndex: 90,
        background: "var(--mantine-color-yellow-4)",
        color: "var(--mantine-color-dark-9)",
        borderBottom: "1px solid var(--mantine-color-yellow-6)",
      }}
    >
      <Container size="lg" px="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconSpy size={18} stroke={1.8} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="inherit" style={{ overflowWrap: "anywhere" }}>
              {"You are acting as "}
              <Text span fw={700} inherit>
                {user.name || user.email}
              </Text>
              {` (${user.email})`}
            </Text>
          </Group>
          <Button size="compact-sm" color="dark" variant="filled" onClick={stop} loading={stopping}>
            Stop
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
