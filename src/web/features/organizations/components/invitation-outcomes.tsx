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
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import type { InvitationPreview } from "../api/types.ts";
import { InvitationCard } from "./invitation-card.tsx";

/** Who sent an invitation, as the landing names them. */
export function inviterOf(invitation: InvitationPreview) {
  return invitation.inviterName || t("organizations.landing.aMember");
}

function HomeFooter() {
  const { data: session } = authClient.useSession();
  return session ? (
    <TextLink to="/organizations">{t("organizations.landing.goToOrganizations")}</TextLink>
  ) : (
    <TextLink to="/sign-in">{t("organizations.landing.signIn")}</TextLink>
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
  usePageTitle(t("organizations.landing.notFoundTitle"));
  return (
    <InvitationCard
      title={t("organizations.landing.notFoundTitle")}
      icon={<IconLinkOff size={26} stroke={1.6} />}
      iconColor="red"
      subtitle={t("organizations.landing.notFoundDescription")}
      footer={<HomeFooter />}
    />
  );
}

export function Expired({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle(t("organizations.landing.expiredPageTitle"));
  return (
    <SettledInvitation
      invitation={invitation}
      title={t("organizations.landing.expiredTitle")}
      subtitle={t("organizations.landing.expiredDescription", {
        organization: invitation.organizationName,
        date: formatDateTime(invitation.expiresAt),
        inviter: inviterOf(invitation),
      })}
    >
      <StatusBadge
        color="red"
        icon={<IconCalendarOff size={12} aria-hidden />}
        label={t("organizations.timeLeft.expired")}
      />
    </SettledInvitation>
  );
}

export function Canceled({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle(t("organizations.invitations.cancelledTitle"));
  return (
    <SettledInvitation
      invitation={invitation}
      title={t("organizations.landing.canceledTitle")}
      subtitle={t("organizations.landing.canceledDescription", { organization: invitation.organizationName })}
    >
      <StatusBadge
        color="gray"
        icon={<IconCircleX size={12} aria-hidden />}
        label={t("organizations.invitations.status.canceled")}
      />
    </SettledInvitation>
  );
}

export function AlreadyUsed({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle(t("organizations.landing.usedPageTitle"));
  const { data: session } = authClient.useSession();
  const accepted = invitation.status === "accepted";
  const mine = session?.user.email.toLowerCase() === invitation.email.toLowerCase();
  return (
    <SettledInvitation
      invitation={invitation}
      title={t("organizations.landing.usedTitle")}
      subtitle={
        accepted
          ? t("organizations.landing.usedAccepted", {
              email: invitation.email,
              organization: invitation.organizationName,
            })
          : t("organizations.landing.usedDeclined", { inviter: inviterOf(invitation) })
      }
      home={!(mine && accepted)}
    >
      {mine && accepted ? (
        <ButtonLink to="/org/$slug" params={{ slug: invitation.organizationSlug }} fullWidth size="md">
          {t("organizations.landing.open", { organization: invitation.organizationName })}
        </ButtonLink>
      ) : accepted ? (
        <StatusBadge
          color="teal"
          icon={<IconCircleCheck size={12} aria-hidden />}
          label={t("organizations.invitations.status.accepted")}
        />
      ) : (
        <StatusBadge
          color="gray"
          icon={<IconInfoCircle size={12} aria-hidden />}
          label={t("organizations.invitations.status.rejected")}
        />
      )}
    </SettledInvitation>
  );
}

export function Declined({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle(t("organizations.answer.declinedTitle"));
  return (
    <InvitationCard
      title={t("organizations.answer.declinedTitle")}
      icon={<IconCircleX size={26} stroke={1.6} />}
      iconColor="gray"
      subtitle={t("organizations.landing.declinedDescription", {
        organization: invitation.organizationName,
        inviter: inviterOf(invitation),
      })}
      footer={<HomeFooter />}
    />
  );
}
