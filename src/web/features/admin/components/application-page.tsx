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
import { t } from "#web/i18n/i18n.ts";
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

const appName = (app: ApplicationSummary) => app.name?.trim() || t("admin.app.unnamed");

/** `/admin/applications/$clientId`: one app's configuration, and rotating, disabling or deleting it. */
export function ApplicationPage() {
  const { clientId } = route.useParams();
  const app = useApplication(clientId);
  usePageTitle(app.data ? appName(app.data) : t("admin.app.page"));

  if (app.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label={t("admin.app.loading")} py={{ base: "xs", sm: "md" }}>
        <Skeleton height={12} width={160} radius="xl" />
        <Skeleton height={56} width="50%" />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (app.isError) {
    return (
      <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
        <AdminPageHeader
          section="applications"
          current={t("admin.app.notFoundCrumb")}
          title={t("admin.app.page")}
        />
        {isNotFound(app.error) ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconApps size={18} aria-hidden />}
            title={t("admin.app.notFoundTitle")}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("admin.app.notFoundBody")}</Text>
              <ButtonLink to="/admin/applications" size="xs" variant="default">
                {t("admin.app.back")}
              </ButtonLink>
            </Stack>
          </Alert>
        ) : (
          <LoadError error={app.error} onRetry={() => void app.refetch()} title={t("admin.app.loadError")} />
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
                {t("admin.app.rotate")}
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
              {app.disabled ? t("admin.app.enable") : t("admin.app.disable")}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(app)}
            >
              {t("admin.app.delete")}
            </Button>
          </>
        }
      />

      {app.disabled ? (
        <Alert color="red" variant="light" title={t("admin.app.disabledTitle")}>
          {t("admin.app.disabledBody")}
        </Alert>
      ) : null}

      <SectionCard
        id="connect"
        title={t("admin.app.connectTitle")}
        description={t("admin.app.connectDescription")}
      >
        <AppConfigBlock app={app} />
      </SectionCard>

      <SectionCard id="settings" title={t("admin.app.settings")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Detail icon={<IconApps size={18} />} label={t("admin.app.type")}>
            {t(APP_TYPE_TEXT[app.type].label)}
          </Detail>
          <Detail icon={<IconCalendar size={18} />} label={t("admin.app.registered")}>
            {formatDate(app.createdAt)}
          </Detail>
          {app.type === "service" ? null : (
            <Detail icon={<IconLink size={18} />} label={t("admin.app.redirectUris")}>
              {app.redirectUris.map((uri) => (
                <div key={uri}>{uri}</div>
              ))}
            </Detail>
          )}
          {app.type === "service" ? null : (
            <Detail icon={<IconLogout size={18} />} label={t("admin.app.postLogoutUris")}>
              {app.postLogoutRedirectUris.length > 0
                ? app.postLogoutRedirectUris.map((uri) => <div key={uri}>{uri}</div>)
                : t("admin.app.none")}
            </Detail>
          )}
          <Detail icon={<IconShieldCheck size={18} />} label={t("admin.app.scopes")}>
            {app.scopes
              ? app.scopes
                  .map((scope) => t("admin.app.scope", { scope, title: scopeText(scope).title }))
                  .join(t("admin.app.scopeSeparator"))
              : t("admin.app.everyScope")}
          </Detail>
          <Detail icon={<IconShieldCheck size={18} />} label={t("admin.app.consent")}>
            {app.skipConsent ? t("admin.app.consentSkipped") : t("admin.app.consentAsked")}
          </Detail>
        </SimpleGrid>
      </SectionCard>

      <ConfirmDialog
        opened={confirmRotate}
        onClose={() => {
          rotate.reset();
          setConfirmRotate(false);
        }}
        title={t("admin.app.rotateTitle")}
        confirmLabel={t("admin.app.rotate")}
        onConfirm={() => rotate.mutate(app)}
        loading={rotate.isPending}
        error={rotate.error}
      >
        {t("admin.app.rotateBody", { name })}
      </ConfirmDialog>
      <CredentialsDialog issued={issued} reason="rotated" onClose={() => setIssued(null)} />
      <ConfirmActionDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("admin.app.deleteTitle", { name })}
        confirmLabel={t("admin.app.deleteConfirm")}
        action={async (target: ApplicationSummary) => {
          await deleteApplication(target);
          await navigate({ to: "/admin/applications", replace: true });
        }}
        invalidate={applicationsKey}
        success={() => ({
          title: t("admin.app.deleted"),
          message: t("admin.app.deletedMessage", { name }),
        })}
      >
        {t("admin.app.deleteBody", { name })}
      </ConfirmActionDialog>
    </Stack>
  );
}
