import { ActionIcon, Box, Button, Container, Group, Text } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { Link, Outlet, useRouterState } from "@tanstack/react-router";
import { type ReactNode, Suspense } from "react";
import { t } from "#web/i18n/i18n.ts";
import { LanguagePicker } from "#web/i18n/language-picker.tsx";
import { useAppConfig } from "#web/lib/app-config.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { HintTooltip } from "./hint-tooltip.tsx";
import { ImpersonationBanner } from "./impersonation-banner.tsx";
import { Logo } from "./logo.tsx";

// The header's menus appear only once signed in: they load then, not with the sign-in page.
const UserMenu = lazyLoad(() => import("./user-menu.tsx").then((m) => m.UserMenu));

/**
 * The shell around every screen: header with logo, the organization switcher (`switcher`, a slot the
 * router fills, so shared components import no feature), outbox link (dev), scheme toggle and user menu.
 */
export function AppLayout({ switcher }: { switcher: ReactNode }) {
  const { data: session, isPending } = authClient.useSession();
  const config = useAppConfig();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onAuthScreen = pathname === "/sign-in" || pathname === "/sign-up";

  return (
    // A fixed header over the screen (styles.css: .gh-header, .gh-main). Mantine's AppShell drew the same
    // with ~6 KB more code on every page, react-remove-scroll included for one class name (issue 22); that
    // class (`right-scroll-bar-position`) still keeps the header in place while a modal locks the scrolling.
    <>
      {/* The first Tab stop: past the header straight to the screen (main takes the focus, tabIndex -1). */}
      <a href="#main" className="gh-skip-link">
        {t("common.shell.skipToContent")}
      </a>
      <header className="gh-header right-scroll-bar-position">
        <Container size="lg" h="100%">
          {/* The left side takes what the buttons on the right leave and its switcher truncates, so no two
              controls overlap down to 320 px (issue 20); signed in, a phone shows the logo's mark only. */}
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ flex: "1 1 0", minWidth: 0 }}>
              <Logo name={config.appName} compact={Boolean(session)} />
              {session ? <Suspense fallback={null}>{switcher}</Suspense> : null}
            </Group>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              {config.outbox ? (
                <HintTooltip label={t("common.shell.devOutbox")}>
                  <ActionIcon
                    component={Link}
                    to="/dev/outbox"
                    variant="default"
                    size="lg"
                    radius="md"
                    aria-label={t("common.shell.devOutbox")}
                  >
                    <IconMail size={18} stroke={1.6} />
                  </ActionIcon>
                </HintTooltip>
              ) : null}
              <LanguagePicker />
              <ColorSchemeToggle />
              {session ? (
                <Suspense fallback={null}>
                  <UserMenu user={session.user} />
                </Suspense>
              ) : null}
              {!session && !isPending && !onAuthScreen ? (
                <Button component={Link} to="/sign-in" variant="default" size="sm" visibleFrom="xs">
                  {t("common.shell.signIn")}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className="gh-main gh-auth-background">
        <ImpersonationBanner />
        <Box
          mih="calc(100dvh - var(--gh-header-height))"
          style={{ display: "flex", flexDirection: "column" }}
        >
          <Container size="lg" w="100%" px="md" py="md" style={{ flex: 1 }}>
            <Outlet />
          </Container>
          <Box component="footer" py="md">
            <Text ta="center" size="xs" c="dimmed">
              {t("common.shell.securedBy", { appName: config.appName })}
            </Text>
          </Box>
        </Box>
      </main>
    </>
  );
}
