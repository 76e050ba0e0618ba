import { Badge, Group } from "@mantine/core";
import {
  IconCalendarOff,
  IconCircleCheck,
  IconCircleX,
  IconInfoCircle,
  IconLinkOff,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import type { InvitationPreview } from "../api/types.ts";
import { InvitationCard } from "./invitation-card.tsx";

/** Who sent an invitation, as the landing names them. */
export function inviterOf(invitation: InvitationPreview) {
  return invitation.inviterName || "A member";
}

function HomeFooter() {
  const { data: session } = authClient.useSession();
  return session ? (
    <TextLink to="/organizations">Go to your organizations</TextLink>
  ) : (
    <TextLink to="/sign-in">Sign in</TextLink>
  );
}

/** An invitation that can no longer be answered: what became of it, and the way home. */
function SettledInvitation({
  invitation,
  title,
  subtitle,
  children,
  home = true,
}: {
  invitation: InvitationPreview;
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Without it, `children` shows the way on. */
  home?: boolean;
}) {
  return (
    <InvitationCard
      title={title}
      organization={{ name: invitation.organizationName, logo: invitation.organizationLogo }}
      subtitle={subtitle}
      footer={home ? <HomeFooter /> : null}
    >
      {children}
    </InvitationCard>
  );
}

function StatusBadge({ color, icon, label }: { color: string; icon: ReactNode; label: string }) {
  return (
    <Group justify="center">
      <Badge color={color} variant="light" leftSection={icon} tt="none">
        {label}
      </Badge>
    </Group>
  );
}

export function NotFound() {
  usePageTitle("Invitation not found");
  return (
    <InvitationCard
      title="Invitation not found"
      icon={<IconLinkOff size={26} stroke={1.6} />}
      iconColor="red"
      subtitle="This link doesn't match any invitation. Check that it was copied whole, or ask for a new invitation."
      footer={<HomeFooter />}
    />
  );
}

export function Expired({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle("Invitation expired");
  return (
    <SettledInvitation
      invitation={invitation}
      title="This invitation has expired"
      subtitle={`Invitations are valid for 2 days; this one to ${invitation.organizationName} ended ${formatDateTime(invitation.expiresAt)}. Ask ${inviterOf(invitation)} to send it again.`}
    >
      <StatusBadge color="red" icon={<IconCalendarOff size={12} aria-hidden />} label="Expired" />
    </SettledInvitation>
  );
}

export function Canceled({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle("Invitation cancelled");
  return (
    <SettledInvitation
      invitation={invitation}
      title="This invitation was cancelled"
      subtitle={`${invitation.organizationName} withdrew this invitation, so it can no longer be used. If you still want to join, ask an admin there to invite you again.`}
    >
      <StatusBadge color="gray" icon={<IconCircleX size={12} aria-hidden />} label="Cancelled" />
    </SettledInvitation>
  );
}

export function AlreadyUsed({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle("Invitation already used");
  const { data: session } = authClient.useSession();
  const accepted = invitation.status === "accepted";
  const mine = session?.user.email.toLowerCase() === invitation.email.toLowerCase();
  return (
    <SettledInvitation
      invitation={invitation}
      title="This invitation has already been used"
      subtitle={
        accepted
          ? `It was accepted, so ${invitation.email} is already a member of ${invitation.organizationName}.`
          : `It was declined. If you changed your mind, ask ${inviterOf(invitation)} to invite you again.`
      }
      home={!(mine && accepted)}
    >
      {mine && accepted ? (
        <ButtonLink to="/org/$slug" params={{ slug: invitation.organizationSlug }} fullWidth size="md">
          {`Open ${invitation.organizationName}`}
        </ButtonLink>
      ) : accepted ? (
        <StatusBadge color="teal" icon={<IconCircleCheck size={12} aria-hidden />} label="Accepted" />
      ) : (
        <StatusBadge color="gray" icon={<IconInfoCircle size={12} aria-hidden />} label="Declined" />
      )}
    </SettledInvitation>
  );
}

export function Declined({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle("Invitation declined");
  return (
    <InvitationCard
      title="Invitation declined"
      icon={<IconCircleX size={26} stroke={1.6} />}
      iconColor="gray"
      subtitle={`You declined to join ${invitation.organizationName}. ${inviterOf(invitation)} can invite you again if you change your mind.`}
      footer={<HomeFooter />}
    />
  );
}
