import { EmptyState } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { EmptyStateCard } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";

interface NothingYetCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** The other list to look at. */
  other: { to: "/organizations" | "/invitations"; label: string };
}

/** A page of the user's own with nothing in it yet: the way on is creating an organization, or another list. */
export function NothingYetCard({ icon, title, description, other }: NothingYetCardProps) {
  return (
    <EmptyStateCard variant="light" icon={icon} title={title} description={description}>
      <EmptyState.Actions>
        <ButtonLink to="/organizations/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("organizations.create.title")}
        </ButtonLink>
        <ButtonLink to={other.to} variant="default">
          {other.label}
        </ButtonLink>
      </EmptyState.Actions>
    </EmptyStateCard>
  );
}
