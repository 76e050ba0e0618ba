import { Box, Group, NavLink, ScrollArea, Stack, Text, Title } from "@mantine/core";
import {
  IconAlertTriangle,
  IconApps,
  IconDevices,
  IconHistory,
  IconLink,
  IconLock,
  IconMail,
  IconShieldLock,
  IconUserCircle,
} from "@tabler/icons-react";
import { createLink, getRouteApi } from "@tanstack/react-router";
import { forwardRef, useRef } from "react";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { authClient, type Session } from "#web/lib/auth-client.ts";
import { useCurrentInSight } from "#web/lib/use-current-in-sight.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import type { AccountSection } from "../lib/account-search.ts";
import { FreshActionProvider } from "../lib/fresh-action.tsx";
import classes from "./account-page.module.css";
import { ConnectedAppsSection } from "./connected-apps-section.tsx";
import { DangerZoneSection } from "./danger-zone-section.tsx";
import { EmailSection } from "./email-section.tsx";
import { LinkedAccountsSection } from "./linked-accounts-section.tsx";
import { PasswordSection } from "./password-section.tsx";
import { ProfileSection } from "./profile-section.tsx";
import { SecurityActivitySection } from "./security-activity-section.tsx";
import { SecuritySection } from "./security-section.tsx";
import { SessionsSection } from "./sessions-section.tsx";

const route = getRouteApi("/_signed-in/account");

const SECTIONS: { id: AccountSection; label: MessageId; icon: typeof IconLock }[] = [
  { id: "profile", label: "account.page.nav.profile", icon: IconUserCircle },
  { id: "email", label: "account.page.nav.email", icon: IconMail },
  { id: "password", label: "account.page.nav.password", icon: IconLock },
  { id: "security", label: "account.page.nav.security", icon: IconShieldLock },
  { id: "activity", label: "account.page.nav.activity", icon: IconHistory },
  { id: "linked", label: "account.page.nav.linked", icon: IconLink },
  { id: "sessions", label: "account.page.nav.sessions", icon: IconDevices },
  { id: "apps", label: "account.page.nav.apps", icon: IconApps },
  { id: "danger", label: "account.page.nav.danger", icon: IconAlertTriangle },
];

const NavAnchor = forwardRef<HTMLAnchorElement, React.ComponentPropsWithoutRef<typeof NavLink<"a">>>(
  (props, ref) => <NavLink component="a" ref={ref} {...props} />,
);
NavAnchor.displayName = "NavAnchor";

/** A Mantine NavLink that navigates with the router. */
const SectionLink = createLink(NavAnchor);

/** /account: profile, email, password, security (two-factor), security activity, linked accounts, sessions, connected apps and deletion. */
export function AccountPage() {
  const { data } = authClient.useSession();
  const navRef = useRef<HTMLDivElement>(null);
  const { section = "profile" } = route.useSearch();
  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0];
  usePageTitle(
    current ? t("account.page.sectionTitle", { section: t(current.label) }) : t("account.page.title"),
  );

  // On phones the sections are a row that scrolls sideways: the open one stays in sight.
  useCurrentInSight(navRef, section);
  if (!data) return null;
  const { user } = data;

  return (
    <FreshActionProvider>
      <Stack gap="lg" maw={1040} mx="auto" py={{ base: "xs", sm: 32 }}>
        <Group gap="md" wrap="nowrap">
          <UserAvatar name={user.name} email={user.email} image={user.image} size={52} radius="xl" />
          <Box style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 24, sm: 28 }} c="var(--mantine-color-bright)">
              {t("account.page.title")}
            </Title>
            <Text c="dimmed" size="sm">
              {t("account.page.subtitle")}
            </Text>
          </Box>
        </Group>

        <div className={classes.layout}>
          <Box component="nav" aria-label={t("account.page.navLabel")} className={classes.nav} ref={navRef}>
            <ScrollArea type="never" offsetScrollbars={false} className={classes.navScroll}>
              <div className={classes.navList}>
                {SECTIONS.map(({ id, label, icon: Icon }) => (
                  <SectionLink
                    key={id}
                    to="/account"
                    search={{ section: id }}
                    replace
                    label={t(label)}
                    active={id === section}
                    aria-current={id === section ? "page" : undefined}
                    color={id === "danger" ? "red" : undefined}
                    leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                    variant="light"
                    className={classes.navLink}
                  />
                ))}
              </div>
            </ScrollArea>
          </Box>
          <div className={classes.content}>
            <SectionBody section={section} user={user} />
          </div>
        </div>
      </Stack>
    </FreshActionProvider>
  );
}

function SectionBody({ section, user }: { section: AccountSection; user: Session["user"] }) {
  switch (section) {
    case "profile":
      return <ProfileSection user={user} />;
    case "email":
      return <EmailSection user={user} />;
    case "password":
      return <PasswordSection user={user} />;
    case "security":
      return <SecuritySection user={user} />;
    case "activity":
      return <SecurityActivitySection user={user} />;
    case "linked":
      return <LinkedAccountsSection />;
    case "sessions":
      return <SessionsSection />;
    case "apps":
      return <ConnectedAppsSection />;
    case "danger":
      return <DangerZoneSection user={user} />;
  }
}
