import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { useOrganizationExport } from "../api/use-bulk-invitations.ts";
import { useCurrentOrganization } from "./organization-context.tsx";

/** "Export CSV" of the organization's members or invitations: a file the browser saves. */
export function ExportButton({ what }: { what: "members" | "invitations" }) {
  const { organization } = useCurrentOrganization();
  const exporting = useOrganizationExport(organization, what);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate()}
      aria-label={
        what === "members" ? t("integrations.export.members") : t("integrations.export.invitations")
      }
    >
      {t("integrations.export.label")}
    </Button>
  );
}
