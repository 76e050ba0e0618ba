import { Stack } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { EmptyStateCard, SectionHeader } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { BulkInviteCard } from "./bulk-invite-card.tsx";
import { ExportButton } from "./export-button.tsx";
import { InvitationList } from "./invitation-list.tsx";
import { InviteForm } from "./invite-form.tsx";
import { InviteLinksCard } from "./invite-links-card.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** `/org/$slug/invitations`: invite by email, and follow up on what was sent. */
export function InvitationsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(t("organizations.invitations.pageTitle", { organization: organization.name }));

  if (!can.inviteMembers) {
    return (
      <EmptyStateCard
        icon={<IconMail size={26} stroke={1.6} aria-hidden />}
        title={t("organizations.invitations.forbiddenTitle")}
        description={t("organizations.invitations.forbiddenDescription")}
      />
    );
  }

  return (
    <Stack gap="lg">
      <SectionHeader
        title={t("organizations.invitations.title")}
        description={t("organizations.invitations.description")}
        actions={<ExportButton what="invitations" />}
      />
      <InviteForm />
      <BulkInviteCard />
      <InviteLinksCard />
      <InvitationList />
    </Stack>
  );
}
