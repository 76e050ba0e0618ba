import { ActionIcon, Badge, Button, EmptyState, Group, Table, Text, Tooltip } from "@mantine/core";
import { IconDeviceDesktop, IconLogout, IconSpy, IconX } from "@tabler/icons-react";
import { describeDevice } from "#shared/device.ts";
import { LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { deviceIcon } from "#web/lib/device-icon.ts";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";
import { useRevokeAllSessions, useRevokeSession } from "../api/admin-mutations.ts";
import { type AdminSession, type AdminUser, useUserSessions } from "../api/admin-users.ts";
import { useAdminSession } from "../api/use-admin-session.ts";
import { AdminTable, type Column } from "./admin-table.tsx";

const COLUMNS: Column[] = [
  { label: "admin.sessions.device" },
  { label: "admin.sessions.ip", visibleFrom: "sm" },
  { label: "admin.sessions.signedIn" },
  { label: "admin.sessions.expires", visibleFrom: "md" },
];

function SessionRow({ session, current }: { session: AdminSession; current: boolean }) {
  const device = describeDevice(session.userAgent);
  const revoke = useRevokeSession(session, device.label);
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
                  {t("admin.sessions.thisBrowser")}
                </Badge>
              ) : null}
              {session.impersonatedBy ? (
                <Badge
                  size="xs"
                  color="orange"
                  variant="light"
                  leftSection={<IconSpy size={10} aria-hidden />}
                >
                  {t("admin.sessions.impersonation")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" hiddenFrom="sm">
              {session.ipAddress || t("admin.sessions.unknownIp")}
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
        <Tooltip label={t("admin.sessions.revoke")} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("admin.sessions.revokeOn", { device: device.label })}
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
      title={t("admin.sessions.title")}
      description={
        sessions.data
          ? count === 0
            ? t("admin.sessions.none")
            : t("admin.sessions.count", { count })
          : t("admin.sessions.description")
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
            {t("admin.sessions.revokeAll")}
          </Button>
        ) : null
      }
    >
      {sessions.error ? (
        <LoadError
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
          title={t("admin.sessions.loadError")}
        />
      ) : sessions.isPending ? (
        <ListSkeleton rows={2} label={t("admin.sessions.loading")} />
      ) : count === 0 ? (
        <EmptyState
          variant="light"
          size="sm"
          icon={<IconDeviceDesktop size={22} stroke={1.6} aria-hidden />}
          title={t("admin.sessions.emptyTitle")}
          description={t("admin.sessions.emptyDescription")}
        />
      ) : (
        <AdminTable label={t("admin.sessions.title")} columns={COLUMNS} actionsWidth={56}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} current={session.token === currentToken} />
          ))}
        </AdminTable>
      )}
    </SectionCard>
  );
}
