import { Box, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { IconApps } from "@tabler/icons-react";
import { useState } from "react";
import type { ConnectedApp } from "#shared/contracts/applications.ts";
import { AppLogo } from "#web/components/app-logo.tsx";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { formatDate, formatRelative } from "#web/lib/format.ts";
import { scopeText } from "#web/lib/oauth-scopes.ts";
import { connectedAppsKey, revokeConnectedApp, useConnectedApps } from "../api/use-connected-apps.ts";

const appName = (app: ConnectedApp) => app.name?.trim() || "Unnamed app";

/** The apps this person let sign them in and read their account ("Sign in with Gatehouse"), with Revoke. */
export function ConnectedAppsSection() {
  const apps = useConnectedApps();
  const [revoking, setRevoking] = useState<ConnectedApp | null>(null);

  return (
    <SectionCard
      id="apps"
      title="Connected apps"
      description="Apps you allowed to sign you in with your account. Revoke one to sign it out and take its access back."
    >
      {apps.isPending ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={84} />
          <Skeleton h={84} />
        </Stack>
      ) : apps.isError ? (
        <LoadError title="Couldn't load your apps" error={apps.error} onRetry={() => apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <EmptyState
          py="lg"
          variant="light"
          icon={<IconApps size={24} stroke={1.6} aria-hidden />}
          title="No connected apps"
          description="When you allow an app to use your account, it appears here."
        />
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          aria-label="Connected apps"
        >
          {apps.data.map((app) => (
            <ConnectedAppRow key={app.id} app={app} onRevoke={() => setRevoking(app)} />
          ))}
        </Stack>
      )}

      <ConfirmActionDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        title={`Revoke ${revoking ? appName(revoking) : "this app"}?`}
        confirmLabel="Revoke access"
        action={revokeConnectedApp}
        invalidate={connectedAppsKey}
        success={(app) => ({
          title: "Access revoked",
          message: `${appName(app)} is signed out and can no longer use your account.`,
        })}
      >
        {`${revoking ? appName(revoking) : "The app"} will be signed out at once and lose access to your account. To use it again, you will be asked to allow it again.`}
      </ConfirmActionDialog>
    </SectionCard>
  );
}

function ConnectedAppRow({ app, onRevoke }: { app: ConnectedApp; onRevoke: () => void }) {
  const name = appName(app);
  const used = app.lastUsedAt ? `Last used ${formatRelative(app.lastUsedAt)}` : "Not used yet";
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="connected-app">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <AppLogo name={app.name} logo={app.logoUri} size={40} />
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">{`Allowed ${formatDate(app.grantedAt)} · ${used}`}</Text>
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
          aria-label={`Revoke ${name}`}
          style={{ flex: "none" }}
        >
          Revoke
        </Button>
      </Group>
    </Paper>
  );
}
