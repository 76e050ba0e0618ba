import { Stack } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { SectionHeader } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { ScimSection } from "./scim-section.tsx";
import { SsoSection } from "./sso-section.tsx";

/** `/org/$slug/sso`: enterprise single sign-on and directory sync (issue 19); owners only. */
export function SsoPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("integrations.sso.page.title", { organization: organization.name }));

  if (!can.isOwner) {
    return (
      <Stack gap="md">
        <SectionHeader title={t("integrations.sso.page.heading")} />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {t("integrations.sso.page.ownersOnly", { organization: organization.name })}
        </ReadOnlyNote>
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <SectionHeader
          title={t("integrations.sso.page.heading")}
          description={t("integrations.sso.page.description")}
        />
        <SsoSection />
      </Stack>
      <Stack gap="md">
        <SectionHeader
          title={t("integrations.sso.page.scimHeading")}
          description={t("integrations.sso.page.scimDescription")}
        />
        <ScimSection />
      </Stack>
    </Stack>
  );
}
