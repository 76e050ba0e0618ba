import { Button, Stack } from "@mantine/core";
import { IconLock, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { SectionHeader } from "#web/components/page-states.tsx";
import { WebhooksPanel } from "#web/components/webhooks/webhooks-panel.tsx";
import { ORGANIZATION_FAMILIES } from "#web/lib/audit-words.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** `/org/$slug/webhooks`: endpoints told about this organization's events; owners and admins only. */
export function WebhooksPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(`Webhooks · ${organization.name}`);
  const [adding, setAdding] = useState(false);

  if (!can.manageAudit) {
    return (
      <Stack gap="md">
        <SectionHeader title="Webhooks" />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {`Only owners and admins of ${organization.name} can see and manage its webhooks.`}
        </ReadOnlyNote>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SectionHeader
        title="Webhooks"
        description="Your servers learn at once when members, invitations, teams or settings change: Gatehouse POSTs each event, signed, and retries for up to 3 days until it is accepted."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add endpoint
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
