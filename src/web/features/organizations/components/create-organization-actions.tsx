import { EmptyState } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { ButtonLink } from "#web/components/button-link.tsx";

/** The way on from a page with nothing to show: create an organization, or another list. */
export function CreateOrganizationActions({
  other,
}: {
  other: { to: "/organizations" | "/invitations"; label: string };
}) {
  return (
    <EmptyState.Actions>
      <ButtonLink to="/organizations/new" leftSection={<IconPlus size={16} aria-hidden />}>
        Create organization
      </ButtonLink>
      <ButtonLink to={other.to} variant="default">
        {other.label}
      </ButtonLink>
    </EmptyState.Actions>
  );
}
