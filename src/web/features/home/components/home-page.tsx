import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconClock, IconMail, IconShieldLock } from "@tabler/icons-react";
import { type ReactNode, Suspense } from "react";
import { Detail } from "#web/components/detail.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";

/** The signed-in landing: invitations waiting for an answer, who you are and the state of your account. */
export function HomePage({ invitations }: { invitations?: ReactNode }) {
  const { data } = authClient.useSession();
  const firstName = data?.user.name?.trim().split(/\s+/)[0];
  usePageTitle(t("home.title"));
  if (!data) return null;
  const { user, session } = data;

  return (
    <Stack gap="lg" maw={760} mx="auto" py={{ base: "md", sm: 40 }}>
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }} c="var(--mantine-color-bright)">
          {firstName ? t("home.welcomeName", { name: firstName }) : t("home.welcome")}
        </Title>
        <Text c="dimmed" mt={4}>
          {t("home.summary")}
        </Text>
      </div>

      <Suspense fallback={null}>{invitations}</Suspense>

      <Card withBorder shadow="sm" radius="lg" padding="xl">
        <Group gap="lg" wrap="nowrap" align="center">
          <UserAvatar name={user.name} email={user.email} image={user.image} size={64} radius="xl" />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz="xl" style={{ overflowWrap: "anywhere" }}>
                {user.name || user.email}
              </Title>
              {user.emailVerified ? (
                <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
                  {t("home.emailVerified")}
                </Badge>
              ) : (
                <Badge
                  color="yellow"
                  variant="light"
                  leftSection={<IconAlertTriangle size={12} aria-hidden />}
                >
                  {t("home.emailNotVerified")}
                </Badge>
              )}
            </Group>
            <Text c="dimmed" size="sm" mt={2} style={{ overflowWrap: "anywhere" }}>
              {user.email}
            </Text>
          </div>
        </Group>

        <Divider my="lg" />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Detail icon={<IconMail size={18} />} label={t("home.email")}>
            {user.email}
          </Detail>
          <Detail icon={<IconClock size={18} />} label={t("home.memberSince")}>
            {formatDate(user.createdAt)}
          </Detail>
          <Detail icon={<IconShieldLock size={18} />} label={t("home.signedIn")}>
            {formatDateTime(session.createdAt)}
          </Detail>
          <Detail icon={<IconClock size={18} />} label={t("home.sessionExpires")}>
            {formatDateTime(session.expiresAt)}
          </Detail>
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
