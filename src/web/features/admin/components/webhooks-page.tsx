import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { WebhooksPanel } from "#web/components/webhooks/webhooks-panel.tsx";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";

/** `/admin/webhooks`: installation-wide endpoints, which may receive every event of every organization. */
export function AdminWebhooksPage() {
  usePageTitle("Webhooks");
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
      <AdminPageHeader
        section="webhooks"
        title="Webhooks"
        description="Endpoints of the whole installation: they can receive any event, account and admin events included, of every organization. Organizations manage their own endpoints in their Webhooks tab."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add endpoint
          </Button>
        }
      />
      <WebhooksPanel scope="installation" adding={adding} onAddingChange={setAdding} />
    </Stack>
  );
}
