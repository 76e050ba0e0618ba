import { Card, Group, Stack, Text } from "@mantine/core";
import { IconClock, IconMailOpened } from "@tabler/icons-react";
import { ErrorAlert, LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton, PageHeading } from "#web/components/page-states.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useUserInvitations } from "../api/queries.ts";
import type { UserInvitation } from "../api/types.ts";
import { useInvitationAnswer } from "../api/use-invitation-answer.ts";
import { timeLeft } from "../lib/format.ts";
import { useNow } from "../lib/use-now.ts";
import { InvitationAnswerButtons } from "./invitation-answer-buttons.tsx";
import { NothingYetCard } from "./nothing-yet-card.tsx";
import { OrgAvatar } from "./org-avatar.tsx";
import { RoleBadges } from "./role-badges.tsx";

/** `/invitations`: pending invitations sent to the signed-in user's email. */
export function MyInvitationsPage() {
  usePageTitle(t("organizations.myInvitations.title"));
  const query = useUserInvitations();
  const { data: session } = authClient.useSession();
  const count = query.data?.length ?? 0;

  return (
    <Stack gap="lg" maw={760} mx="auto" py={{ base: "md", sm: 40 }}>
      <PageHeading
        title={t("organizations.myInvitations.title")}
        description={
          session
            ? t("organizations.myInvitations.description", { email: session.user.email })
            : t("organizations.myInvitations.descriptionNoEmail")
        }
      />
      {query.error ? (
        <LoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t("organizations.myInvitations.loadFailed")}
        />
      ) : query.isPending ? (
        <Card withBorder padding="lg" radius="lg">
          <ListSkeleton rows={2} label={t("organizations.myInvitations.loading")} />
        </Card>
      ) : count === 0 ? (
        <NothingYetCard
          icon={<IconMailOpened size={26} stroke={1.6} aria-hidden />}
          title={t("organizations.invitations.emptyPending")}
          description={t("organizations.myInvitations.emptyDescription")}
          other={{ to: "/organizations", label: t("organizations.switcher.yours") }}
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("organizations.myInvitations.count", { count })}
          </Text>
          {query.data?.map((invitation) => (
            <InvitationItem key={invitation.id} invitation={invitation} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One pending invitation with Accept and Decline (also on the home page, pending-invitations.tsx). */
export function InvitationItem({ invitation }: { invitation: UserInvitation }) {
  const now = useNow();
  const answer = useInvitationAnswer(invitation);

  return (
    <Card
      withBorder
      padding="lg"
      radius="lg"
      shadow="xs"
      data-testid={`my-invitation-${invitation.organizationSlug}`}
    >
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 280px" }}>
          <OrgAvatar name={invitation.organizationName} logo={invitation.organizationLogo} size={48} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} c="var(--mantine-color-bright)" style={{ overflowWrap: "anywhere" }}>
              {invitation.organizationName}
            </Text>
            <Text size="sm" c="dimmed">
              {invitation.inviterName
                ? t("organizations.invitations.invitedBy", { name: invitation.inviterName })
                : t("organizations.myInvitations.invitedByMember")}
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
        <InvitationAnswerButtons answer={answer} />
      </Group>
      <ErrorAlert error={answer.error} mt="md" />
    </Card>
  );
}
