import { Stack } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { EmptyStateCard, SectionHeader } from "#web/components/page-states.tsx";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { BulkInviteCard } from "./bulk-invite-card.tsx";
import { ExportButton } from "./export-button.tsx";
import { InvitationList } from "./invitation-list.tsx";
import { InviteForm } from "./invite-form.tsx";
import { useCurrentOrganization } from "./organization-context.tsx";

/** `/org/$slug/invitations`: invite by email, and follow up on what was sent. */
export function InvitationsPage() {
  const { organization, can } = useCurrentOrganization();
  usePageTitle(`Invitations · ${organization.name}`);

  if (!can.inviteMembers) {
    return (
      <EmptyStateCard
        icon={<IconMail size={26} stroke={1.6} aria-hidden />}
        title="Invitations are managed by owners and admins"
        description="Ask an owner or an admin of this organization to invite the people you want to work with."
      />
    );
  }

  return (
    <Stack gap="lg">
      <SectionHeader
        title="Invitations"
        description="Invite people by email. They get a link to join, valid for 2 days; resending renews it."
        actions={<ExportButton what="invitations" />}
      />
      <InviteForm />
      <BulkInviteCard />
      <InvitationList />
    </Stack>
  );
}
