import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import {
  IconApps,
  IconCalendar,
  IconKey,
  IconLink,
  IconLogout,
  IconPlayerPause,
  IconPlayerPlay,
  IconShieldCheck,
  IconTrash,
} from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { ApplicationSummary } from "#shared/contracts/applications.ts";
import { AppLogo } from "#web/components/app-logo.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { ConfirmActionDialog, ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Detail } from "#web/components/detail.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { isNotFound } from "#web/lib/api/api-error.ts";
import { formatDate } from "#web/lib/format.ts";
import { scopeText } from "#web/lib/oauth-scopes.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import {
  applicationsKey,
  deleteApplication,
  type IssuedCredentials,
  useApplication,
  useRotateSecret,
  useSetDisabled,
} from "../api/applications.ts";
import { APP_TYPE_TEXT } from "../lib/app-registration.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { AppBadges } from "./app-badges.tsx";
import { AppConfigBlock } from "./app-config-block.tsx";
import { CredentialsDialog } from "./credentials-dialog.tsx";

const route = getRouteApi("/_signed-in/admin/applications/$clientId");

const appName = (app: ApplicationSummary) => app.name?.trim() || "Unnamed app";

/** `/admin/applications/$clientId`: one app's configuration, and rotating, disabling or deleting it. */
export function ApplicationPage() {
  const { clientId } = route.useParams();
  const app = useApplication(clientId);
  usePageTitle(app.data ? appName(app.data) : "Application");

  if (app.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label="Loading app" py={{ base: "xs", sm: "md" }}>
        <Skeleton height={12} width={160} radius="xl" />
        <Skeleton height={56} width="50%" />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (app.isError) {
    return (
      <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
        <AdminPageHeader section="applications" current="Not found" title="Application" />
        {isNotFound(app.error) ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconApps size={18} aria-hidden />}
            title="This app doesn't exist"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">It may have been deleted by another admin.</Text>
              <ButtonLink to="/admin/applications" size="xs" variant="default">
                Back to applications
              </ButtonLink>
            </Stack>
          </Alert>
        ) : (
          <LoadError error={app.error} onRetry={() => void app.refetch()} title="We couldn't load this app" />
        )}
      </Stack>
    );
  }
  return <ApplicationDetails app={app.data} />;
}

function ApplicationDetails({ app }: { app: ApplicationSummary }) {
  const navigate = useNavigate();
  const [issued, setIssued] = useState<IssuedCredentials | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [deleting, setDeleting] = useState<ApplicationSummary | null>(null);
  const rotate = useRotateSecret((credentials) => {
    setConfirmRotate(false);
    setIssued(credentials);
  });
  const setDisabled = useSetDisabled();
  const name = appName(app);

  return (
    <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
      <AdminPageHeader
        section="applications"
        current={name}
        title={name}
        leading={<AppLogo name={app.name} logo={app.logoUri} size={56} />}
        description={<AppBadges app={app} />}
        actions={
          <>
            {app.confidential ? (
              <Button
                variant="default"
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={() => setConfirmRotate(true)}
              >
                Rotate secret
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={
                app.disabled ? (
                  <IconPlayerPlay size={16} aria-hidden />
                ) : (
                  <IconPlayerPause size={16} aria-hidden />
                )
              }
              loading={setDisabled.isPending}
              onClick={() => setDisabled.mutate({ app, disabled: !app.disabled })}
            >
              {app.disabled ? "Enable" : "Disable"}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(app)}
            >
              Delete
            </Button>
          </>
        }
      />

      {app.disabled ? (
        <Alert color="red" variant="light" title="This app is disabled">
          Nobody can sign in to it and it gets no new tokens until you enable it again.
        </Alert>
      ) : null}

      <SectionCard
        id="connect"
        title="Connect your app"
        description="Give these settings to the app's developer. Any OpenID Connect library finds the endpoints from the issuer."
      >
        <AppConfigBlock app={app} />
      </SectionCard>

      <SectionCard id="settings" title="Settings">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Detail icon={<IconApps size={18} />} label="Type">
            {APP_TYPE_TEXT[app.type].label}
          </Detail>
          <Detail icon={<IconCalendar size={18} />} label="Registered">
            {formatDate(app.createdAt)}
          </Detail>
          {app.type === "service" ? null : (
            <Detail icon={<IconLink size={18} />} label="Redirect URIs">
              {app.redirectUris.map((uri) => (
                <div key={uri}>{uri}</div>
              ))}
            </Detail>
          )}
          {app.type === "service" ? null : (
            <Detail icon={<IconLogout size={18} />} label="Post-logout redirect URIs">
              {app.postLogoutRedirectUris.length > 0
                ? app.postLogoutRedirectUris.map((uri) => <div key={uri}>{uri}</div>)
                : "None"}
            </Detail>
          )}
          <Detail icon={<IconShieldCheck size={18} />} label="Allowed scopes">
            {app.scopes
              ? app.scopes.map((scope) => `${scope} (${scopeText(scope).title})`).join(", ")
              : "Every scope"}
          </Detail>
          <Detail icon={<IconShieldCheck size={18} />} label="Consent">
            {app.skipConsent
              ? "First-party: people are not asked"
              : "People are asked on their first sign-in"}
          </Detail>
        </SimpleGrid>
      </SectionCard>

      <ConfirmDialog
        opened={confirmRotate}
        onClose={() => {
          rotate.reset();
          setConfirmRotate(false);
        }}
        title="Rotate the client secret?"
        confirmLabel="Rotate secret"
        onConfirm={() => rotate.mutate(app)}
        loading={rotate.isPending}
        error={rotate.error}
      >
        {`A new secret is issued and shown once. The current one stops working at once: ${name} cannot get tokens until its server uses the new secret.`}
      </ConfirmDialog>
      <CredentialsDialog issued={issued} reason="rotated" onClose={() => setIssued(null)} />
      <ConfirmActionDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={`Delete ${name}?`}
        confirmLabel="Delete app"
        action={async (target: ApplicationSummary) => {
          await deleteApplication(target);
          await navigate({ to: "/admin/applications", replace: true });
        }}
        invalidate={applicationsKey}
        success={() => ({
          title: "App deleted",
          message: `${name} and every access people gave it are gone.`,
        })}
      >
        {`${name} can no longer sign anyone in; everyone's grants and tokens for it are deleted. This cannot be undone.`}
      </ConfirmActionDialog>
    </Stack>
  );
}
