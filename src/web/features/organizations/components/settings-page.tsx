import { Stack } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { SectionHeader } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
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
  usePageTitle(`Settings · ${organization.name}`);

  return (
    <Stack gap="lg">
      <SectionHeader
        title="Settings"
        description="How this organization is named and found, and what it stores."
      />
      <SectionCard title="Profile" description="The name and logo members see, and the slug in its address.">
        {can.updateOrganization ? (
          <ProfileForm />
        ) : (
          <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
            {`Only owners and admins can change the name, slug and logo of ${organization.name}.`}
          </ReadOnlyNote>
        )}
      </SectionCard>
      <SectionCard
        title="Metadata"
        description="Key/value pairs for your own integrations. They are not shown to members elsewhere."
      >
        <MetadataEditor key={JSON.stringify(organization.metadata ?? {})} />
      </SectionCard>
      <TwoFactorPolicyCard />
      <OwnershipCard />
      <DangerZone />
    </Stack>
  );
}
