import { Box, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconApps } from "@tabler/icons-react";
import { useState } from "react";
import type { ConnectedApp } from "#shared/contracts/applications.ts";
import { AppLogo } from "#web/components/app-logo.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { formatDate, formatRelative } from "#web/lib/format.ts";
import { scopeText } from "#web/lib/oauth-scopes.ts";
import { connectedAppsKey, revokeConnectedApp, useConnectedApps } from "../api/use-connected-apps.ts";

const appName = (app: ConnectedApp) => app.name?.trim() || t("account.apps.unnamed");

/** The apps this person let sign them in and read their account ("Sign in with Gatehouse"), with Revoke. */
export function ConnectedAppsSection() {
  const apps = useConnectedApps();
  const [revoking, setRevoking] = useState<ConnectedApp | null>(null);

  return (
    <SectionCard id="apps" title={t("account.apps.title")} description={t("account.apps.description")}>
      {apps.isPending ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={84} />
          <Skeleton h={84} />
        </Stack>
      ) : apps.isError ? (
        <LoadError title={t("account.apps.loadFailed")} error={apps.error} onRetry={() => apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <EmptyState
          py="lg"
          variant="light"
          icon={<IconApps size={24} stroke={1.6} aria-hidden />}
          title={t("account.apps.emptyTitle")}
          description={t("account.apps.emptyText")}
        />
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          aria-label={t("account.apps.listLabel")}
        >
          {apps.data.map((app) => (
            <ConnectedAppRow key={app.id} app={app} onRevoke={() => setRevoking(app)} />
          ))}
        </Stack>
      )}

      <ConfirmActionDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        title={
          revoking
            ? t("account.apps.revokeTitle", { name: appName(revoking) })
            : t("account.apps.revokeTitleGeneric")
        }
        confirmLabel={t("account.apps.revokeConfirm")}
        action={revokeConnectedApp}
        invalidate={connectedAppsKey}
        success={(app) => ({
          title: t("account.apps.revokedTitle"),
          message: t("account.apps.revokedMessage", { name: appName(app) }),
        })}
      >
        {revoking
          ? t("account.apps.revokeText", { name: appName(revoking) })
          : t("account.apps.revokeTextGeneric")}
      </ConfirmActionDialog>
    </SectionCard>
  );
}

function ConnectedAppRow({ app, onRevoke }: { app: ConnectedApp; onRevoke: () => void }) {
  const name = appName(app);
  const date = formatDate(app.grantedAt);
  const dates = app.lastUsedAt
    ? t("account.apps.allowedUsed", { date, when: formatRelative(app.lastUsedAt) })
    : t("account.apps.allowedNotUsed", { date });
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="connected-app">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <AppLogo name={app.name} logo={app.logoUri} size={40} />
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {dates}
            </Text>
            <Text size="xs" mt={4} style={{ overflowWrap: "anywhere" }}>
              {app.scopes.map((scope) => scopeText(scope).title).join(" · ")}
            </Text>
          </Box>
        </Group>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={onRevoke}
          aria-label={t("account.apps.revokeLabel", { name })}
          style={{ flex: "none" }}
        >
          {t("account.apps.revoke")}
        </Button>
      </Group>
    </Paper>
  );
}
