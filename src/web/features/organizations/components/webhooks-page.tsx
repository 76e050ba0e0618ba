import { Button, Stack } from "@mantine/core";
import { IconLock, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { SectionHeader } from "#web/components/page-states.tsx";
import { WebhooksPanel } from "#web/components/webhooks/webhooks-panel.tsx";
import { t } from "#web/i18n/i18n.ts";
import { ORGANIZATION_FAMILIES } from "#web/lib/audit-words.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** `/org/$slug/webhooks`: endpoints told about this organization's events; owners and admins only. */
export function WebhooksPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("integrations.webhooks.title", { organization: organization.name }));
  const [adding, setAdding] = useState(false);

  if (!can.manageAudit) {
    return (
      <Stack gap="md">
        <SectionHeader title={t("integrations.webhooks.heading")} />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {t("integrations.webhooks.readOnly", { organization: organization.name })}
        </ReadOnlyNote>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SectionHeader
        title={t("integrations.webhooks.heading")}
        description={t("integrations.webhooks.description")}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t("integrations.webhooks.add")}
          </Button>
        }
      />
      <WebhooksPanel
        scope={{ organizationId: organization.id }}
        families={ORGANIZATION_FAMILIES}
        adding={adding}
        onAddingChange={setAdding}
      />
    </Stack>
  );
}
