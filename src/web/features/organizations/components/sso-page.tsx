import { Stack } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { SectionHeader } from "#web/components/page-states.tsx";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { ReadOnlyNote } from "./list-table.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";
import { ScimSection } from "./scim-section.tsx";
import { SsoSection } from "./sso-section.tsx";

/** `/org/$slug/sso`: enterprise single sign-on and directory sync (issue 19); owners only. */
export function SsoPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(`Single sign-on · ${organization.name}`);

  if (!can.isOwner) {
    return (
      <Stack gap="md">
        <SectionHeader title="Single sign-on" />
        <ReadOnlyNote icon={<IconLock size={18} aria-hidden />}>
          {`Only owners of ${organization.name} can set up single sign-on and directory sync.`}
        </ReadOnlyNote>
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <SectionHeader
          title="Single sign-on"
          description="People at your verified domains sign in through your company's identity provider (SAML or OpenID Connect) and join with the role you choose."
        />
        <SsoSection />
      </Stack>
      <Stack gap="md">
        <SectionHeader
          title="Directory sync (SCIM)"
          description="Your identity provider adds people, changes their roles and teams, and removes them when they leave, through SCIM 2.0."
        />
        <ScimSection />
      </Stack>
    </Stack>
  );
}
