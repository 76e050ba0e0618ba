import { ActionIcon, Badge, Button, EmptyState, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconDeviceDesktop, IconLogout, IconSpy, IconX } from "@tabler/icons-react";
import { describeDevice } from "#shared/device.ts";
import { LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { deviceIcon } from "#web/lib/device-icon.ts";
import { formatDateTime, formatRelative, plural } from "#web/lib/format.ts";
import { useRevokeAllSessions, useRevokeSession } from "../api/admin-mutations.ts";
import { type AdminSession, type AdminUser, useUserSessions } from "../api/admin-users.ts";
import { useAdminSession } from "../api/use-admin-session.ts";
import { AdminTable, type Column } from "./admin-table.tsx";

const COLUMNS: Column[] = [
  { label: "Device" },
  { label: "IP address", visibleFrom: "sm" },
  { label: "Signed in" },
  { label: "Expires", visibleFrom: "md" },
];

function SessionRow({ session, current }: { session: AdminSession; current: boolean }) {
  const revoke = useRevokeSession(session);
  const device = describeDevice(session.userAgent);
  const DeviceIcon = deviceIcon(device.type);

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
            onClick={() => revoke.mutate()}
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
  const currentToken = useAdminSession().sessionToken;
  const revokeAll = useRevokeAllSessions(user);
  const count = sessions.data?.length ?? 0;

  return (
    <SectionCard
      title="Sessions"
      description={
        sessions.data
          ? count === 0
            ? "Not signed in anywhere."
            : `Signed in on ${plural(count, "device")}.`
          : "Where this user is signed in."
      }
      actions={
        count > 0 ? (
          <Button
            variant="light"
            color="red"
            size="sm"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => revokeAll.mutate()}
            loading={revokeAll.isPending}
          >
            Revoke all
          </Button>
        ) : null
      }
    >
      {sessions.error ? (
        <LoadError
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
          title="We couldn't load the sessions"
        />
      ) : sessions.isPending ? (
        <ListSkeleton rows={2} label="Loading sessions" />
      ) : count === 0 ? (
        <EmptyState
          variant="light"
          size="sm"
          icon={<IconDeviceDesktop size={22} stroke={1.6} aria-hidden />}
          title="No active sessions"
          description="Sessions appear here when this user signs in."
        />
      ) : (
        <AdminTable label="Sessions" columns={COLUMNS} actionsWidth={56}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} current={session.token === currentToken} />
          ))}
        </AdminTable>
      )}
    </SectionCard>
  );
}
