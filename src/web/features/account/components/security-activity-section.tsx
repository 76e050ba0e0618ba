import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconLogin, IconLogout, IconShieldCheck, IconShieldX, IconUserEdit } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { AuditEvent } from "#shared/contracts/audit.ts";
import { describeDevice } from "#shared/device.ts";
import { EventTime, LoadMore } from "#web/components/audit/audit-events.tsx";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useAuditEvents } from "#web/lib/api/audit.ts";
import { notifySuccess } from "#web/lib/api/notify.ts";
import { actorText, eventPhrase, refusalText, signInMethodText } from "#web/lib/audit-words.ts";
import { authClient, type Session } from "#web/lib/auth-client.ts";
import { deviceIcon } from "#web/lib/device-icon.ts";
import { useNotMeSignedIn } from "../api/use-not-me.ts";

const NO_FILTERS = {};

/** Account → Security activity: sign-ins (refused ones too) and changes to the account, with "this wasn't me". */
export function SecurityActivitySection({ user }: { user: Session["user"] }) {
  const events = useAuditEvents("account", NO_FILTERS, { limit: 20 });
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const { refetch } = authClient.useSession();
  const notMe = useNotMeSignedIn(async () => {
    notifySuccess(
      {
        title: t("account.activity.signedOutTitle"),
        message: t("account.activity.signedOutMessage", { email: user.email }),
      },
      { keep: true },
    );
    await navigate({ to: "/sign-in", replace: true });
    await refetch();
  });
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <SectionCard
      id="activity"
      title={t("account.activity.title")}
      description={t("account.activity.description")}
      actions={
        <Button
          color="red.8"
          leftSection={<IconShieldX size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {t("account.activity.notMe")}
        </Button>
      }
    >
      {events.error && !events.data ? (
        <LoadError
          title={t("account.activity.loadFailed")}
          error={events.error}
          onRetry={() => void events.refetch()}
        />
      ) : events.isPending ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={64} />
          <Skeleton h={64} />
          <Skeleton h={64} />
        </Stack>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t("account.activity.empty")}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Stack
            gap={0}
            component="ul"
            aria-label={t("account.activity.listLabel")}
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {rows.map((event) => (
              <ActivityRow key={event.id} event={event} me={user.id} />
            ))}
          </Stack>
          <LoadMore
            shown={rows.length}
            hasMore={events.hasNextPage}
            loading={events.isFetchingNextPage}
            onLoad={() => void events.fetchNextPage()}
          />
        </Paper>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("account.activity.confirmTitle")}
        confirmLabel={t("account.activity.confirmLabel")}
        loading={notMe.isPending}
        onConfirm={() => {
          setConfirming(false);
          notMe.mutate(user.email);
        }}
      >
        {t("account.activity.confirmText", { email: user.email })}
      </ConfirmDialog>
    </SectionCard>
  );
}

/** The icon and colour of an event: a sign-in, a refused one, a sign-out, another change. */
function iconOf(event: AuditEvent) {
  if (event.outcome === "refused") return { Icon: IconShieldX, color: "red" };
  if (event.action === "user.signed_in") return { Icon: IconLogin, color: "teal" };
  if (event.action === "user.signed_out" || event.action === "session.revoked")
    return { Icon: IconLogout, color: "gray" };
  if (event.action.includes("two_factor") || event.action.includes("passkey"))
    return { Icon: IconShieldCheck, color: "indigo" };
  return { Icon: IconUserEdit, color: "indigo" };
}

/**
 * "You signed in with password", "Someone tried to sign in", "An admin banned an account": who did it (a
 * message per kind of actor), and what they did in the audit log's words (its phrase, then a sign-in's method).
 */
function headline(event: AuditEvent, me: string): string {
  // A refused sign-in names no one: whoever tried may not be the account's owner.
  if (event.outcome === "refused" && event.action === "user.signed_in") {
    const action = [eventPhrase(event), signInMethodText(event.details)].filter(Boolean).join(" ");
    return t("account.activity.someoneDid", { action });
  }
  const mine = event.actor.userId === me && !event.actor.impersonatorId;
  const phrase = mine ? eventPhrase(event).replace(/\btheir\b/g, "your") : eventPhrase(event);
  const method = event.action === "user.signed_in" ? signInMethodText(event.details) : "";
  const action = [phrase, method].filter(Boolean).join(" ");
  if (mine) return t("account.activity.youDid", { action });
  if (event.actor.impersonatorId)
    return t("account.activity.adminAsDid", { name: actorText(event.actor), action });
  return t("account.activity.actorDid", { actor: actorText(event.actor), action });
}

function ActivityRow({ event, me }: { event: AuditEvent; me: string }) {
  const { Icon, color } = iconOf(event);
  const device = event.userAgent ? describeDevice(event.userAgent) : null;
  const DeviceIcon = deviceIcon(device?.type);
  return (
    <Box
      component="li"
      px="md"
      py="sm"
      data-testid="activity-row"
      data-action={event.action}
      data-outcome={event.outcome}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden>
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {headline(event, me)}
            </Text>
            {event.outcome === "refused" ? (
              <Badge size="xs" color="red" variant="light" tt="none">
                {refusalText(event.errorCode)}
              </Badge>
            ) : null}
          </Group>
          <Group gap={6} wrap="wrap">
            {device ? (
              <Group gap={4} wrap="nowrap">
                <DeviceIcon size={14} aria-hidden />
                <Text size="xs" c="dimmed">
                  {device.label}
                </Text>
              </Group>
            ) : null}
            {event.ip ? <Text size="xs" c="dimmed">{`${device ? "· " : ""}${event.ip}`}</Text> : null}
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <EventTime at={event.createdAt} size="xs" />
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
