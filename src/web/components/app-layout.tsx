import { ActionIcon, AppShell, Box, Button, Container, Group, Text, Tooltip } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { Link, Outlet, useRouterState } from "@tanstack/react-router";
import { OrganizationSwitcher } from "#web/features/organizations/components/organization-switcher.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { ImpersonationBanner } from "./impersonation-banner.tsx";
import { Logo } from "./logo.tsx";
import { UserMenu } from "./user-menu.tsx";

/** The shell around every screen: header with logo, outbox link (dev), scheme toggle and user menu. */
export function AppLayout() {
  const { data: session, isPending } = authClient.useSession();
  const config = useAppConfig();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onAuthScreen = pathname === "/sign-in" || pathname === "/sign-up";

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
              <Logo name={config.appName} />
              {session ? <OrganizationSwitcher /> : null}
            </Group>
            <Group gap="xs" wrap="nowrap">
              {config.outbox ? (
                <Tooltip label="Development outbox" withArrow>
                  <ActionIcon
                    component={Link}
                    to="/dev/outbox"
                    variant="default"
                    size="lg"
                    radius="md"
                    aria-label="Development outbox"
                  >
                    <IconMail size={18} stroke={1.6} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
              <ColorSchemeToggle />
              {session ? <UserMenu user={session.user} /> : null}
              {!session && !isPending && !onAuthScreen ? (
                <Button component={Link} to="/sign-in" variant="default" size="sm" visibleFrom="xs">
                  Sign in
                </Button>
              ) : null}
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main className="gh-auth-background">
        <ImpersonationBanner />
        <Box mih="calc(100dvh - 64px)" style={{ display: "flex", flexDirection: "column" }}>
          <Container size="lg" w="100%" px="md" py="md" style={{ flex: 1 }}>
            <Outlet />
          </Container>
          <Box component="footer" py="md">
            <Text ta="center" size="xs" c="dimmed">
              {`Secured by ${config.appName}`}
            </Text>
          </Box>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
