import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconLogout, IconShieldLock } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { isFreshnessError } from "#web/lib/api/api-error.ts";
import { deviceIcon } from "#web/lib/device-icon.ts";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";
import {
  type DeviceSession,
  deviceLabel,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
} from "../api/use-sessions.ts";
import { useFreshAction } from "../lib/fresh-action.tsx";

/** What is signed out once confirmed: one session, or every session but this one. */
type Target = { session: DeviceSession } | "others";

/** Where you are signed in (GET /list-sessions), with revoke one (POST /revoke-session) or all others. */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const fresh = useFreshAction();
  // The target outlives the dialog's closing, so its words do not change while it fades out.
  const [target, setTarget] = useState<Target>("others");
  const [confirming, setConfirming] = useState(false);

  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);

  function confirmed() {
    // Closed first: the re-authentication dialog may need the screen.
    setConfirming(false);
    if (target === "others") revokeOthers.mutate();
    else revoke.mutate(target.session);
  }

  function confirm(next: Target) {
    setTarget(next);
    setConfirming(true);
  }

  async function unlock() {
    if (await fresh.confirm()) await sessions.refetch();
  }

  return (
    <SectionCard
      id="sessions"
      title={t("account.sessions.title")}
      description={t("account.sessions.description")}
      actions={
        sessions.isSuccess ? (
          <Button
            size="sm"
            variant="default"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={others.length === 0}
            loading={revokeOthers.isPending}
            onClick={() => confirm("others")}
          >
            {t("account.sessions.signOutOthers")}
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={76} />
          <Skeleton h={76} />
          <Skeleton h={76} />
        </Stack>
      ) : sessions.isError && isFreshnessError(sessions.error) ? (
        <Paper withBorder radius="md" p="lg">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
              <IconShieldLock size={22} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>{t("account.sessions.lockedTitle")}</Text>
            <Text size="sm" c="dimmed" maw={420}>
              {t("account.sessions.lockedText")}
            </Text>
            <Button onClick={unlock}>{t("account.sessions.unlock")}</Button>
          </Stack>
        </Paper>
      ) : sessions.isError ? (
        <LoadError
          title={t("account.sessions.loadFailed")}
          error={sessions.error}
          onRetry={() => sessions.refetch()}
        />
      ) : (
        <Stack gap="sm">
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
            aria-label={t("account.sessions.listLabel")}
          >
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                revoking={revoke.isPending && revoke.variables?.token === session.token}
                onRevoke={() => confirm({ session })}
              />
            ))}
          </Stack>
          {others.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="xs">
              {t("account.sessions.noOthers")}
            </Text>
          ) : null}
        </Stack>
      )}

      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirmed}
        {...(target === "others"
          ? {
              title: t("account.sessions.othersTitle"),
              confirmLabel: t("account.sessions.othersConfirm"),
              children: t("account.sessions.othersText", { count: others.length }),
            }
          : {
              title: t("account.sessions.oneTitle"),
              confirmLabel: t("account.sessions.oneConfirm"),
              children: target.session.ipAddress
                ? t("account.sessions.oneTextWithIp", {
                    device: deviceLabel(target.session),
                    ip: target.session.ipAddress,
                  })
                : t("account.sessions.oneText", { device: deviceLabel(target.session) }),
            })}
      />
    </SectionCard>
  );
}

function SessionRow({
  session,
  revoking,
  onRevoke,
}: {
  session: DeviceSession;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const Icon = deviceIcon(session.device?.type);
  const label = deviceLabel(session);
  const details = [
    session.ipAddress || t("account.sessions.unknownIp"),
    session.current
      ? t("account.sessions.activeNow")
      : t("account.sessions.lastActive", { when: formatRelative(session.lastActiveAt ?? session.updatedAt) }),
  ].join(" · ");

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="session-row"
      data-current={session.current}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <ThemeIcon variant={session.current ? "light" : "default"} size={40} radius="md" aria-hidden>
            <Icon size={22} stroke={1.5} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                {label}
              </Text>
              {session.current ? (
                <Badge size="sm" variant="light" color="teal">
                  {t("account.sessions.thisDevice")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {details}
            </Text>
            <Text size="xs" c="dimmed">
              {t("account.sessions.signedInAt", { time: formatDateTime(session.createdAt) })}
            </Text>
          </Box>
        </Group>
        {session.current ? null : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onRevoke}
            loading={revoking}
            aria-label={t("account.sessions.signOutLabel", { device: label })}
            style={{ flex: "none" }}
          >
            {t("account.sessions.signOut")}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
