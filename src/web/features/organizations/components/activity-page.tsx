import { Stack } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuditLog, ExportCsvButton } from "#web/components/audit/audit-log.tsx";
import { SectionHeader } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import type { AuditSearch } from "#web/lib/audit-search.ts";
import { ORGANIZATION_FAMILIES } from "#web/lib/audit-words.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useMembers } from "../api/queries.ts";
import { memberName } from "../api/use-member-mutations.ts";
import { ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

const route = getRouteApi("/_signed-in/org/$slug/activity");

/** `/org/$slug/activity`: the organization's audit log for its owners and admins, filtered and exported. */
export function ActivityPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("integrations.activity.title", { organization: organization.name }));
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // The person filter offers the first 100 members by name; anyone else (a member further down, someone who
  // has left) is chosen by a click on their name in the list, and named by it in the list's rows.
  const members = useMembers(organization.id, {
    limit: 100,
    offset: 0,
    sortBy: "name",
    sortDirection: "asc",
  });
  useUnreachableNotice(members.error);
  const scope = { organizationId: organization.id };

  if (!can.manageAudit) {
    return (
      <Stack gap="md">
        <SectionHeader title={t("integrations.activity.heading")} />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {t("integrations.activity.readOnly", { organization: organization.name })}
        </ReadOnlyNote>
      </Stack>
    );
  }

  const people = (members.data?.members ?? []).map((member) => ({
    value: member.userId,
    label: memberName(member),
  }));
  if (search.actor && !people.some((person) => person.value === search.actor)) {
    people.push({ value: search.actor, label: t("integrations.activity.personChosen") });
  }

  return (
    <Stack gap="md">
      <SectionHeader
        title={t("integrations.activity.heading")}
        description={t("integrations.activity.description")}
        actions={<ExportCsvButton scope={scope} search={search} name={`activity-${organization.slug}`} />}
      />
      <AuditLog
        scope={scope}
        search={search}
        onSearchChange={(next: AuditSearch) => void navigate({ search: next, replace: true })}
        people={people}
        families={ORGANIZATION_FAMILIES}
        emptyText={t("integrations.activity.empty")}
      />
    </Stack>
  );
}
