import { Stack } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { SectionHeader } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { DangerZone } from "./danger-zone.tsx";
import { ReadOnlyNote } from "./list-table.tsx";
import { MetadataEditor } from "./metadata-editor.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { OwnershipCard } from "./ownership-card.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { TwoFactorPolicyCard } from "./two-factor-policy-card.tsx";

/** `/org/$slug/settings`: profile, metadata, leaving and deleting. */
export function SettingsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("organizations.settings.pageTitle", { organization: organization.name }));

  return (
    <Stack gap="lg">
      <SectionHeader
        title={t("organizations.settings.title")}
        description={t("organizations.settings.description")}
      />
      <SectionCard
        title={t("organizations.settings.profileTitle")}
        description={t("organizations.settings.profileDescription")}
      >
        {can.updateOrganization ? (
          <ProfileForm />
        ) : (
          <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
            {t("organizations.settings.profileReadOnly", { organization: organization.name })}
          </ReadOnlyNote>
        )}
      </SectionCard>
      <SectionCard
        title={t("organizations.metadata.title")}
        description={t("organizations.metadata.description")}
      >
        <MetadataEditor key={JSON.stringify(organization.metadata ?? {})} />
      </SectionCard>
      <TwoFactorPolicyCard />
      <OwnershipCard />
      <DangerZone />
    </Stack>
  );
}
