import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { WebhooksPanel } from "#web/components/webhooks/webhooks-panel.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";

/** `/admin/webhooks`: installation-wide endpoints, which may receive every event of every organization. */
export function AdminWebhooksPage() {
  usePageTitle(t("admin.section.webhooks"));
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
      <AdminPageHeader
        section="webhooks"
        title={t("admin.section.webhooks")}
        description={t("admin.webhooks.description")}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t("admin.webhooks.add")}
          </Button>
        }
      />
      <WebhooksPanel scope="installation" adding={adding} onAddingChange={setAdding} />
    </Stack>
  );
}
