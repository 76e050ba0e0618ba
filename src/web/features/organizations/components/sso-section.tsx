import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconPlus, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import type { SsoConnection } from "#shared/contracts/sso.ts";
import { ConfirmActionDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { auditKey } from "#web/lib/api/audit.ts";
import { useDomains } from "../api/use-domains.ts";
import { removeSsoConnection, ssoKey, useSsoConnections } from "../api/use-sso.ts";
import { ListEmpty } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { SsoConnectionCard } from "./sso-connection-card.tsx";
import { SsoConnectionForm } from "./sso-connection-form.tsx";
import { SsoTestCard } from "./sso-test-card.tsx";

/** "new" while setting one up, a connection while editing it, null otherwise. */
type Editing = "new" | SsoConnection | null;

/** The organization's single sign-on connections, setting one up, editing, deleting and testing them. */
export function SsoSection() {
  const { organization } = useCurrentOrganization();
  const connections = useSsoConnections(organization.id);
  const domains = useDomains(organization.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SsoConnection | null>(null);

  const taken = new Set((connections.data ?? []).map((connection) => connection.domain));
  const verified = (domains.data ?? []).filter((domain) => domain.verifiedAt !== null).map((d) => d.domain);
  const free = verified.filter((domain) => !taken.has(domain));
  const list = connections.data ?? [];

  const setUpButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setEditing("new")}
      disabled={editing !== null}
    >
      {t("integrations.sso.section.setUp")}
    </Button>
  );

  return (
    <Stack gap="md">
      {connections.error || domains.error ? (
        <LoadError
          error={connections.error ?? domains.error}
          onRetry={() => {
            if (connections.error) void connections.refetch();
            if (domains.error) void domains.refetch();
          }}
          title={t("integrations.sso.section.loadError")}
        />
      ) : null}
      {connections.isPending || domains.isPending ? (
        <ListSkeleton rows={2} label={t("integrations.sso.section.loading")} />
      ) : null}
      {connections.data && domains.data && editing === null ? (
        free.length > 0 ? (
          list.length === 0 ? (
            <SectionCard>
              <ListEmpty
                icon={IconShieldCheck}
                title={t("integrations.sso.section.emptyTitle")}
                description={t("integrations.sso.section.emptyDescription")}
                action={setUpButton}
              />
            </SectionCard>
          ) : (
            <div>{setUpButton}</div>
          )
        ) : (
          <NoFreeDomain slug={organization.slug} hasVerified={verified.length > 0} />
        )
      ) : null}
      {editing === "new" ? (
        <SsoConnectionForm connection={null} domains={free} onClose={() => setEditing(null)} />
      ) : null}
      {list.map((connection) =>
        editing !== "new" && editing?.id === connection.id ? (
          <SsoConnectionForm
            key={connection.id}
            connection={connection}
            domains={[]}
            onClose={() => setEditing(null)}
          />
        ) : (
          <SsoConnectionCard
            key={connection.id}
            connection={connection}
            onEdit={() => setEditing(connection)}
            onDelete={() => setDeleting(connection)}
          />
        ),
      )}
      {list.length > 0 ? <SsoTestCard connections={list} /> : null}
      <ConfirmActionDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("integrations.sso.section.deleteTitle")}
        confirmLabel={t("integrations.sso.section.deleteConfirm")}
        action={(connection) => removeSsoConnection(organization.id, connection)}
        invalidate={[ssoKey(organization.id), auditKey]}
        success={(connection) => ({
          title: t("integrations.sso.section.deleted"),
          message: t("integrations.sso.section.deletedMessage", { domain: connection.domain }),
        })}
      >
        {deleting
          ? deleting.requireSso
            ? t("integrations.sso.section.deleteBodyRequired", { domain: deleting.domain })
            : t("integrations.sso.section.deleteBody", { domain: deleting.domain })
          : null}
      </ConfirmActionDialog>
    </Stack>
  );
}

/** No verified domain left for a new connection: why, and the way to the Domains tab. */
function NoFreeDomain({ slug, hasVerified }: { slug: string; hasVerified: boolean }) {
  if (hasVerified) {
    return (
      <Text size="sm" c="dimmed">
        <T
          id="integrations.sso.section.everyDomainTaken"
          components={{ link: <TextLink to="/org/$slug/domains" params={{ slug }} /> }}
        />
      </Text>
    );
  }
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={t("integrations.sso.section.verifyFirst")}
    >
      <T
        id="integrations.sso.section.verifyFirstBody"
        components={{ link: <TextLink to="/org/$slug/domains" params={{ slug }} /> }}
      />
    </Alert>
  );
}
