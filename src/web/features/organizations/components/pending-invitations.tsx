import { Badge, Group, Menu, Stack, Text, Title } from "@mantine/core";
import { IconClock } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { AppModal } from "#web/components/app-modal.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { useUserInvitations } from "../api/queries.ts";
import type { UserInvitation } from "../api/types.ts";
import { useInvitationAnswer } from "../api/use-invitation-answer.ts";
import { timeLeft } from "../lib/format.ts";
import { useNow } from "../lib/use-now.ts";
import { DomainOffersCard } from "./domain-offers-card.tsx";
import { InvitationAnswerButtons } from "./invitation-answer-buttons.tsx";
import { InvitationItem } from "./my-invitations-page.tsx";
import { OrgAvatar } from "./org-avatar.tsx";
import { RoleBadges } from "./role-badges.tsx";

/**
 * What waits for the signed-in person on the home page: organizations their verified address lets in, and
 * invitations to answer; nothing at all when there are neither.
 */
export function WaitingOnHome() {
  return (
    <>
      <DomainOffersCard />
      <PendingInvitations />
    </>
  );
}

/** The home page's list of invitations waiting for an answer; nothing at all when there are none. */
export function PendingInvitations() {
  const query = useUserInvitations();
  useUnreachableNotice(query.error);
  const invitations = query.data ?? [];
  if (invitations.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-invitations-title">
      <Group justify="space-between" align="baseline">
        <Title id="pending-invitations-title" order={2} fz="lg">
          {t("organizations.home.pendingTitle", { count: invitations.length })}
        </Title>
        <TextLink to="/invitations">{t("organizations.home.seeAll")}</TextLink>
      </Group>
      {invitations.slice(0, 3).map((invitation) => (
        <InvitationItem key={invitation.id} invitation={invitation} />
      ))}
    </Stack>
  );
}

/**
 * The switcher's part: a menu item per pending invitation (at most five), each opening a dialog to accept or
 * decline it. `onOpen` receives the invitation picked; the dialog lives outside the menu (InvitationDialog).
 */
export function SwitcherInvitations({
  invitations,
  onOpen,
}: {
  invitations: UserInvitation[];
  onOpen: (invitation: UserInvitation) => void;
}) {
  if (invitations.length === 0) return null;
  return (
    <>
      <Menu.Label>{t("organizations.switcher.pending", { count: invitations.length })}</Menu.Label>
      {invitations.slice(0, 5).map((invitation) => (
        <Menu.Item
          key={invitation.id}
          data-testid={`switcher-invitation-${invitation.organizationSlug}`}
          leftSection={
            <OrgAvatar
              name={invitation.organizationName}
              logo={invitation.organizationLogo}
              size={24}
              radius="sm"
            />
          }
          rightSection={
            <Badge size="xs" variant="light" color="indigo" tt="none">
              {t("organizations.invitations.invited")}
            </Badge>
          }
          onClick={() => onOpen(invitation)}
        >
          <Text size="sm" truncate>
            {invitation.organizationName}
          </Text>
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}

/** One invitation opened from the switcher: what it offers, with Accept and Decline. */
export function InvitationDialog({
  invitation,
  onClose,
}: {
  invitation: UserInvitation | null;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={invitation !== null}
      onClose={onClose}
      title={
        invitation
          ? t("organizations.switcher.invitationTo", { organization: invitation.organizationName })
          : ""
      }
    >
      {invitation ? <InvitationAnswer invitation={invitation} onClose={onClose} /> : null}
    </AppModal>
  );
}

function InvitationAnswer({ invitation, onClose }: { invitation: UserInvitation; onClose: () => void }) {
  const now = useNow();
  const answer = useInvitationAnswer(invitation, onClose);
  const accepted = answer.accept.isSuccess;
  // Accepting goes on to the organization's page; the dialog closes behind it.
  useEffect(() => {
    if (accepted) onClose();
  }, [accepted, onClose]);
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <OrgAvatar name={invitation.organizationName} logo={invitation.organizationLogo} size={48} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm">
            {invitation.inviterName
              ? t("organizations.switcher.invitedYou", {
                  inviter: invitation.inviterName,
                  organization: invitation.organizationName,
                })
              : t("organizations.switcher.memberInvitedYou", { organization: invitation.organizationName })}
          </Text>
          <Group gap="xs" mt={6}>
            <RoleBadges role={invitation.role} size="xs" />
            <Group gap={4} wrap="nowrap">
              <IconClock size={14} aria-hidden style={{ opacity: 0.7 }} />
              <Text size="xs" c="dimmed">
                {timeLeft(invitation.expiresAt, now)}
              </Text>
            </Group>
          </Group>
        </div>
      </Group>
      <ErrorAlert error={answer.error} />
      <Group justify="flex-end">
        <InvitationAnswerButtons answer={answer} />
      </Group>
    </Stack>
  );
}

/** The state of the switcher's invitations: the list, and the one opened in the dialog. */
export function useSwitcherInvitations(enabled: boolean) {
  const query = useUserInvitations(enabled);
  const [opened, setOpened] = useState<UserInvitation | null>(null);
  return {
    invitations: enabled ? (query.data ?? []) : [],
    opened,
    open: setOpened,
    close: () => setOpened(null),
  };
}
