import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconAlertTriangle,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconLogout,
  IconRefresh,
  IconSpy,
  IconX,
} from "@tabler/icons-react";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDateTime, formatRelative, plural } from "#web/lib/format.ts";
import {
  type AdminSession,
  type AdminUser,
  useRevokeAllSessions,
  useRevokeSession,
  useUserSessions,
} from "../api/admin-users.ts";
import { adminErrorText } from "../lib/admin-errors.ts";
import { describeDevice } from "../lib/format.ts";

function SessionRow({ session, current }: { session: AdminSession; current: boolean }) {
  const revoke = useRevokeSession();
  const device = describeDevice(session.userAgent);
  const DeviceIcon = device.mobile ? IconDeviceMobile : IconDeviceDesktop;

  async function revokeOne() {
    const done = await revoke
      .mutateAsync(session.token)
      .then(() => true)
      .catch((error: unknown) => {
        notifications.show({
          color: "red",
          title: "Could not revoke the session",
          message: adminErrorText(error),
        });
        return false;
      });
    if (done)
      notifications.show({
        color: "teal",
        title: "Session revoked",
        message: `${device.label} is signed out.`,
      });
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <DeviceIcon size={20} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={500}>
                {device.label}
              </Text>
              {current ? (
                <Badge size="xs" color="teal" variant="light">
                  This browser
                </Badge>
              ) : null}
              {session.impersonatedBy ? (
                <Badge
                  size="xs"
                  color="orange"
                  variant="light"
                  leftSection={<IconSpy size={10} aria-hidden />}
                >
                  Impersonation
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" hiddenFrom="sm">
              {session.ipAddress || "Unknown IP"}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" ff="monospace">
          {session.ipAddress || "—"}
        </Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={formatDateTime(session.createdAt)} withArrow>
          <Text size="sm" span>
            {formatRelative(session.createdAt)}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{formatDateTime(session.expiresAt)}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Tooltip label="Revoke session" withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Revoke session on ${device.label}`}
            onClick={revokeOne}
            loading={revoke.isPending}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** The user's open sessions: device, IP address, when it started; revoke one or all. */
export function UserSessionsCard({ user }: { user: AdminUser }) {
  const sessions = useUserSessions(user.id);
  const currentToken = authClient.useSession().data?.session.token;
  const revokeAll = useRevokeAllSessions();
  const count = sessions.data?.length ?? 0;

  async function revokeEverything() {
    const done = await revokeAll
      .mutateAsync(user.id)
      .then(() => true)
      .catch((error: unknown) => {
        notifications.show({
          color: "red",
          title: "Could not revoke the sessions",
          message: adminErrorText(error),
        });
        return false;
      });
    if (done) {
      notifications.show({
        color: "teal",
        title: "Sessions revoked",
        message: `${user.name || user.email} is signed out on every device.`,
      });
    }
  }

  return (
    <Card withBorder shadow="xs" radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <div>
            <Title order={2} fz="lg">
              Sessions
            </Title>
            <Text size="sm" c="dimmed">
              {sessions.data
                ? count === 0
                  ? "Not signed in anywhere."
                  : `Signed in on ${plural(count, "device")}.`
                : "Where this user is signed in."}
            </Text>
          </div>
          {count > 0 ? (
            <Button
              variant="light"
              color="red"
              size="sm"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={revokeEverything}
              loading={revokeAll.isPending}
            >
              Revoke all
            </Button>
          ) : null}
        </Group>

        {sessions.error ? (
          <Alert
            color="red"
            variant="light"
            title="We couldn't load the sessions"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{adminErrorText(sessions.error)}</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void sessions.refetch()}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : sessions.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading sessions">
            {[0, 1].map((key) => (
              <Group key={key} gap="sm" wrap="nowrap">
                <Skeleton height={20} width={20} radius="sm" />
                <Skeleton height={10} width="35%" radius="xl" />
                <Skeleton height={10} width="20%" radius="xl" ml="auto" />
              </Group>
            ))}
          </Stack>
        ) : count === 0 ? (
          <EmptyState
            variant="light"
            size="sm"
            icon={<IconDeviceDesktop size={22} stroke={1.6} aria-hidden />}
            title="No active sessions"
            description="Sessions appear here when this user signs in."
          />
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th visibleFrom="sm">IP address</Table.Th>
                  <Table.Th>Signed in</Table.Th>
                  <Table.Th visibleFrom="md">Expires</Table.Th>
                  <Table.Th ta="right">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((session) => (
                  <SessionRow key={session.id} session={session} current={session.token === currentToken} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
