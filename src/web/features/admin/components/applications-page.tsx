import { Button, Card, EmptyState, Group, Stack, Table, Text } from "@mantine/core";
import { IconApps, IconPlus } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { ApplicationSummary } from "#shared/contracts/applications.ts";
import { AppLogo } from "#web/components/app-logo.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { PageNumbers } from "#web/components/page-pagination.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { formatDate } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { type IssuedCredentials, useApplications } from "../api/applications.ts";
import { APP_TYPE_TEXT } from "../lib/app-registration.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { AdminTable, type Column } from "./admin-table.tsx";
import { AppBadges } from "./app-badges.tsx";
import { CredentialsDialog } from "./credentials-dialog.tsx";
import { RegisterAppDialog } from "./register-app-dialog.tsx";

const route = getRouteApi("/_signed-in/admin/applications");
const PAGE_SIZE = 20;

const COLUMNS: Column[] = [
  { label: "admin.apps.column.app" },
  { label: "admin.app.type", visibleFrom: "sm" },
  { label: "admin.users.column.status", visibleFrom: "sm" },
  { label: "admin.app.registered", visibleFrom: "md" },
];

/** `/admin/applications`: every app that signs people in through Gatehouse, and registering one. */
export function ApplicationsPage() {
  usePageTitle(t("admin.section.applications"));
  const { page = 1 } = route.useSearch();
  const navigate = useNavigate();
  const [registering, setRegistering] = useState(false);
  const [issued, setIssued] = useState<IssuedCredentials | null>(null);
  const list = useApplications(page, PAGE_SIZE);
  const total = list.data?.total ?? 0;

  const registerButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRegistering(true)}>
      {t("admin.register.submit")}
    </Button>
  );
  const open = (app: { clientId: string }) =>
    navigate({ to: "/admin/applications/$clientId", params: { clientId: app.clientId } });

  return (
    <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
      <AdminPageHeader
        section="applications"
        title={t("admin.section.applications")}
        description={list.data ? t("admin.apps.count", { count: total }) : t("admin.apps.description")}
        actions={registerButton}
      />
      <Card withBorder shadow="xs" radius="lg" padding={0}>
        {list.error && !list.data ? (
          <Stack p="md">
            <LoadError
              error={list.error}
              onRetry={() => void list.refetch()}
              title={t("admin.apps.loadError")}
            />
          </Stack>
        ) : list.isPending ? (
          <Stack p="md">
            <ListSkeleton rows={4} label={t("admin.apps.loading")} />
          </Stack>
        ) : list.data.items.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconApps size={26} stroke={1.6} aria-hidden />}
            title={t("admin.apps.emptyTitle")}
            description={t("admin.apps.emptyDescription")}
          >
            <EmptyState.Actions>{registerButton}</EmptyState.Actions>
          </EmptyState>
        ) : (
          <AdminTable
            label={t("admin.section.applications")}
            columns={COLUMNS}
            horizontalSpacing="md"
            aria-busy={list.isFetching}
          >
            {list.data.items.map((app) => (
              <AppRow key={app.clientId} app={app} onOpen={() => void open(app)} />
            ))}
          </AdminTable>
        )}
        {total > PAGE_SIZE ? (
          <Group
            justify="flex-end"
            p="md"
            style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            <PageNumbers
              pages={Math.ceil(total / PAGE_SIZE)}
              page={page}
              onChange={(next) => void navigate({ to: "/admin/applications", search: { page: next } })}
            />
          </Group>
        ) : null}
      </Card>

      <RegisterAppDialog
        opened={registering}
        onClose={() => setRegistering(false)}
        onRegistered={setIssued}
      />
      <CredentialsDialog
        issued={issued}
        reason="registered"
        onClose={() => {
          const created = issued;
          setIssued(null);
          if (created) void open({ clientId: created.client_id });
        }}
      />
    </Stack>
  );
}

function AppRow({ app, onOpen }: { app: ApplicationSummary; onOpen: () => void }) {
  const name = app.name?.trim() || t("admin.app.unnamed");
  return (
    <Table.Tr onClick={onOpen} style={{ cursor: "pointer" }} data-testid="application-row">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <AppLogo name={app.name} logo={app.logoUri} size={36} />
          <div style={{ minWidth: 0 }}>
            <TextLink
              to="/admin/applications/$clientId"
              params={{ clientId: app.clientId }}
              fw={600}
              size="sm"
              c="var(--mantine-color-bright)"
              onClick={(event) => event.stopPropagation()}
              style={{ overflowWrap: "anywhere" }}
            >
              {name}
            </TextLink>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
              {app.clientId}
            </Text>
            <Group hiddenFrom="sm" mt={6}>
              <AppBadges app={app} size="xs" />
            </Group>
          </div>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{t(APP_TYPE_TEXT[app.type].label)}</Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <AppBadges app={app} withType={false} />
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{formatDate(app.createdAt)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
