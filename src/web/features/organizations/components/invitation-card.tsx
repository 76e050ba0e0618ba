import type { ComponentProps } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { OrgAvatar } from "./org-avatar.tsx";

type InvitationCardProps = Omit<ComponentProps<typeof AuthCard>, "leading" | "width"> & {
  organization?: { name: string; logo: string | null };
};

/** The card of the invitation landing, led by the inviting organization's logo when it is known. */
export function InvitationCard({ organization, ...card }: InvitationCardProps) {
  const logo = organization ? (
    <OrgAvatar name={organization.name} logo={organization.logo} size={64} mb={4} />
  ) : undefined;
  return <AuthCard {...card} leading={logo} width={460} />;
}
