import { Stack } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { AuditLog, ExportCsvButton } from "#web/components/audit/audit-log.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { AuditSearch } from "#web/lib/audit-search.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";

const route = getRouteApi("/_signed-in/admin/audit");

/** `/admin/audit`: every event of the installation, searchable by name, email or id, filtered and exported. */
export function AuditLogPage() {
  usePageTitle(t("admin.section.audit"));
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Stack gap="lg" py={{ base: "xs", sm: "md" }}>
      <AdminPageHeader
        section="audit"
        title={t("admin.section.audit")}
        description={t("admin.audit.description")}
        actions={<ExportCsvButton scope="everything" search={search} name="audit-log" />}
      />
      <AuditLog
        scope="everything"
        search={search}
        onSearchChange={(next: AuditSearch) => void navigate({ search: next, replace: true })}
        searchable
        emptyText={t("admin.audit.empty")}
      />
    </Stack>
  );
}
