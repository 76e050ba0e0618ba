import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDevices,
  IconDeviceTablet,
  IconLogout,
  IconShieldLock,
} from "@tabler/icons-react";
import { useState } from "react";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";
import {
  type DeviceSession,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
} from "../api/use-sessions.ts";
import { isFreshnessError } from "../lib/auth-call.ts";
import { useFreshAction } from "../lib/fresh-action.tsx";
import { notifyError, notifySuccess } from "../lib/notify.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { LoadError } from "./load-error.tsx";
import { SectionCard } from "./section-card.tsx";

const DEVICE_ICONS = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  other: IconDevices,
} as const;

function deviceLabel(session: DeviceSession): string {
  return session.device?.label ?? "Unknown device";
}

/** Where you are signed in (GET /list-sessions), with revoke one (POST /revoke-session) or all others. */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const fresh = useFreshAction();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [confirmOne, setConfirmOne] = useState<DeviceSession | null>(null);

  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);

  function revokeConfirmed() {
    const session = confirmOne;
    if (!session) return;
    setConfirmOne(null);
    revoke.mutate(session.token, {
      onSuccess: () => notifySuccess("Session signed out", `${deviceLabel(session)} is no longer signed in.`),
      onError: (error) => notifyError("Could not sign out that session", error),
    });
  }

  function revokeOthersConfirmed() {
    setConfirmOthers(false);
    revokeOthers.mutate(undefined, {
      onSuccess: () => notifySuccess("Other sessions signed out", "Only this device is still signed in."),
      onError: (error) => notifyError("Could not sign out the other sessions", error),
    });
  }

  async function unlock() {
    if (await fresh.confirm()) await sessions.refetch();
  }

  return (
    <SectionCard
      id="sessions"
      title="Sessions"
      description="Devices where your account is signed in. Sign out any you don't recognise, then change your password."
      actions={
        sessions.isSuccess ? (
          <Button
            size="sm"
            variant="default"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={others.length === 0}
            loading={revokeOthers.isPending}
            onClick={() => setConfirmOthers(true)}
          >
            Sign out all other sessions
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
            <Text fw={600}>Confirm it's you to see your sessions</Text>
            <Text size="sm" c="dimmed" maw={420}>
              For your security, the list of devices needs a recent sign-in.
            </Text>
            <Button onClick={unlock}>Confirm it's you</Button>
          </Stack>
        </Paper>
      ) : sessions.isError ? (
        <LoadError error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : (
        <Stack gap="sm">
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
            aria-label="Signed-in sessions"
          >
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                revoking={revoke.isPending && revoke.variables === session.token}
                onRevoke={() => setConfirmOne(session)}
              />
            ))}
          </Stack>
          {others.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="xs">
              You're not signed in anywhere else.
            </Text>
          ) : null}
        </Stack>
      )}

      <ConfirmDialog
        opened={confirmOne !== null}
        title="Sign out this session?"
        confirmLabel="Sign out"
        color="red.9"
        onConfirm={revokeConfirmed}
        onCancel={() => setConfirmOne(null)}
      >
        <Text size="sm">
          {confirmOne
            ? `${deviceLabel(confirmOne)}${confirmOne.ipAddress ? ` (${confirmOne.ipAddress})` : ""} will be signed out and has to sign in again.`
            : ""}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmOthers}
        title="Sign out all other sessions?"
        confirmLabel="Sign out others"
        color="red.9"
        onConfirm={revokeOthersConfirmed}
        onCancel={() => setConfirmOthers(false)}
      >
        <Text size="sm">
          {`${others.length} other ${others.length === 1 ? "session" : "sessions"} will be signed out. This device stays signed in.`}
        </Text>
      </ConfirmDialog>
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
  const Icon = DEVICE_ICONS[session.device?.type ?? "other"] ?? IconDevices;
  const label = deviceLabel(session);
  const details = [
    session.ipAddress || "Unknown IP",
    session.current
      ? "Active now"
      : `Last active ${formatRelative(session.lastActiveAt ?? session.updatedAt)}`,
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
                  This device
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {details}
            </Text>
            <Text size="xs" c="dimmed">{`Signed in ${formatDateTime(session.createdAt)}`}</Text>
          </Box>
        </Group>
        {session.current ? null : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onRevoke}
            loading={revoking}
            aria-label={`Sign out ${label}`}
            style={{ flex: "none" }}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}
