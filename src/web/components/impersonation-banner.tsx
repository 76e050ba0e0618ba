import { Box, Button, Container, Group, Text } from "@mantine/core";
import { IconSpy } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { useStopImpersonating } from "#web/lib/session-actions.ts";

/**
 * Shown on every screen while an admin acts as another user (the session's
 * `impersonatedBy` is set), with the way back. Stopping swaps the session
 * cookie for the admin's own, so the page is reloaded rather than patched.
 */
export function ImpersonationBanner() {
  const { data } = authClient.useSession();
  const userId = data?.session.impersonatedBy ? data.user.id : null;
  const stopMutation = useStopImpersonating(() =>
    window.location.assign(`/admin/users/${encodeURIComponent(userId ?? "")}`),
  );
  if (!data?.session.impersonatedBy) return null;
  const { user } = data;
  const stopping = stopMutation.isPending || stopMutation.isSuccess;
  const stop = () => stopMutation.mutate();

  return (
    <Box
      role="region"
      aria-label={t("common.impersonation.region")}
      data-testid="impersonation-banner"
      py={8}
      style={{
        position: "sticky",
        top: "var(--gh-header-height)",
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
              <T
                id="common.impersonation.actingAs"
                values={{ name: user.name || user.email, email: user.email }}
                components={{ strong: <Text span fw={700} inherit /> }}
              />
            </Text>
          </Group>
          {/* The words give way on a phone, never the button (it used to be cut to "Sto" at 390 px). */}
          <Button
            size="compact-sm"
            color="dark"
            variant="filled"
            onClick={stop}
            loading={stopping}
            style={{ flexShrink: 0 }}
          >
            {t("common.impersonation.stop")}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
