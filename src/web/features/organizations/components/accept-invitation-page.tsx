import { Alert, Badge, Button, Group, Loader, Stack, Text } from "@mantine/core";
import {
  IconAlertCircle,
  IconCalendarOff,
  IconCircleCheck,
  IconCircleX,
  IconInfoCircle,
  IconLinkOff,
  IconMailForward,
  IconUserQuestion,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { ApiError } from "#web/lib/api.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage } from "#web/lib/auth-errors.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { invitationPreviewQuery } from "../api/queries.ts";
import type { InvitationPreview } from "../api/types.ts";
import { useInvitationAnswer } from "../api/use-invitation-answer.ts";
import { timeLeft } from "../lib/format.ts";
import { useNow } from "../lib/use-now.ts";
import { InvitationCard } from "./invitation-card.tsx";
import { ActionError, QueryError } from "./page-states.tsx";
import { RoleBadges } from "./role-badges.tsx";

const route = getRouteApi("/accept-invitation/$id");

/** `/accept-invitation/$id`: the page an invitation mail links to, signed in or not. */
export function AcceptInvitationPage() {
  const { id } = route.useParams();
  const { error: verifyError } = route.useSearch();
  const preview = useQuery({ ...invitationPreviewQuery(id), retry: false });
  const [declined, setDeclined] = useState(false);

  if (preview.isPending) return <PageLoader label="Loading the invitation" />;
  if (preview.error) {
    if (preview.error instanceof ApiError && (preview.error.status === 404 || preview.error.status === 400)) {
      return <NotFound />;
    }
    return (
      <InvitationCard
        title="We couldn't load this invitation"
        icon={<IconAlertCircle size={26} />}
        iconColor="red"
      >
        <QueryError error={preview.error} onRetry={() => void preview.refetch()} title="Loading failed" />
      </InvitationCard>
    );
  }
  const invitation = preview.data;
  if (declined) return <Declined invitation={invitation} />;

  switch (invitation.status) {
    case "expired":
      return <Expired invitation={invitation} />;
    case "canceled":
      return <Canceled invitation={invitation} />;
    case "accepted":
    case "rejected":
      return <AlreadyUsed invitation={invitation} />;
    default:
      return (
        <Pending invitation={invitation} verifyError={verifyError} onDeclined={() => setDeclined(true)} />
      );
  }
}

function inviterOf(invitation: InvitationPreview) {
  return invitation.inviterName || "A member";
}

function Pending({
  invitation,
  verifyError,
  onDeclined,
}: {
  invitation: InvitationPreview;
  verifyError?: string;
  onDeclined: () => void;
}) {
  usePageTitle(`Join ${invitation.organizationName}`);
  const { data: session, isPending } = authClient.useSession();
  const now = useNow();
  const here = `/accept-invitation/${encodeURIComponent(invitation.id)}`;
  const verifyText = verifyError ? describeRedirectError(verifyError) : null;

  return (
    <InvitationCard
      title={`Join ${invitation.organizationName}`}
      organization={{ name: invitation.organizationName, logo: invitation.organizationLogo }}
      subtitle={
        <>
          <Text span fw={600} c="var(--mantine-color-text)">
            {inviterOf(invitation)}
          </Text>
          {" invited "}
          <Text span fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: "anywhere" }}>
            {invitation.email}
          </Text>
          {` to join ${invitation.organizationName}.`}
        </>
      }
      footer={
        <Text size="xs" c="dimmed" component="span">
          {`${timeLeft(invitation.expiresAt, now)} (${formatDateTime(invitation.expiresAt)}).`}
        </Text>
      }
    >
      <Stack
        gap="xs"
        p="md"
        style={{ borderRadius: "var(--mantine-radius-md)", background: "var(--mantine-color-default-hover)" }}
      >
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Role
          </Text>
          <RoleBadges role={invitation.role} />
        </Group>
        {invitation.teams.length > 0 ? (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {invitation.teams.length === 1 ? "Team" : "Teams"}
            </Text>
            <Text size="sm" fw={500} ta="right">
              {invitation.teams.map((team) => team.name).join(", ")}
            </Text>
          </Group>
        ) : null}
      </Stack>
      {verifyText ? (
        <Alert
          color="red"
          variant="light"
          title={verifyText.title}
          icon={<IconAlertCircle size={18} aria-hidden />}
        >
          {verifyText.description}
        </Alert>
      ) : null}
      {isPending ? (
        <Group justify="center" py="sm" role="status" aria-label="Checking your session">
          <Loader size="sm" />
        </Group>
      ) : !session ? (
        <SignedOut invitation={invitation} here={here} />
      ) : session.user.email.toLowerCase() !== invitation.email.toLowerCase() ? (
        <WrongAccount invitation={invitation} here={here} signedInAs={session.user.email} />
      ) : !session.user.emailVerified ? (
        <Unverified email={session.user.email} here={here} />
      ) : (
        <Answer invitation={invitation} onDeclined={onDeclined} />
      )}
    </InvitationCard>
  );
}

function SignedOut({ invitation, here }: { invitation: InvitationPreview; here: string }) {
  const search = { redirect: here, email: invitation.email };
  return (
    <Stack gap="sm">
      <Text size="sm" ta="center">
        {`Sign in or create an account with ${invitation.email} to accept.`}
      </Text>
      <ButtonLink to="/sign-up" search={search} fullWidth size="md">
        Create an account
      </ButtonLink>
      <ButtonLink to="/sign-in" search={search} fullWidth size="md" variant="default">
        I already have an account
      </ButtonLink>
    </Stack>
  );
}

function WrongAccount({
  invitation,
  here,
  signedInAs,
}: {
  invitation: InvitationPreview;
  here: string;
  signedInAs: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);

  async function switchAccount() {
    setSwitching(true);
    await authClient.signOut();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
    await navigate({ to: "/sign-in", search: { redirect: here, email: invitation.email } });
  }

  return (
    <Stack gap="sm">
      <Alert
        color="yellow"
        variant="light"
        title="This invitation is for someone else"
        icon={<IconUserQuestion size={18} aria-hidden />}
      >
        {`You're signed in as ${signedInAs}, but the invitation was sent to ${invitation.email}. Only that address can accept it.`}
      </Alert>
      <Button fullWidth size="md" onClick={switchAccount} loading={switching}>
        Sign out and switch account
      </Button>
      <ButtonLink to="/" fullWidth variant="default">
        Stay signed in and go home
      </ButtonLink>
    </Stack>
  );
}

function Unverified({ email, here }: { email: string; here: string }) {
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: async () => {
      const { error } = await authClient.sendVerificationEmail({ email, callbackURL: here });
      if (error) throw new Error(authErrorMessage(error));
    },
    onSuccess: () => setSent(true),
  });
  return (
    <Stack gap="sm">
      <Alert
        color="yellow"
        variant="light"
        title="Verify your email first"
        icon={<IconMailForward size={18} aria-hidden />}
      >
        {sent
          ? `We sent a new link to ${email}. Open it: it brings you back here to accept.`
          : `Confirm ${email} by opening the link we sent you; it brings you back here to accept.`}
      </Alert>
      {send.error ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {send.error.message}
        </Text>
      ) : null}
      <Button variant="default" onClick={() => send.mutate()} loading={send.isPending} disabled={sent}>
        Send the verification email again
      </Button>
    </Stack>
  );
}

function Answer({ invitation, onDeclined }: { invitation: InvitationPreview; onDeclined: () => void }) {
  const { accept, reject, error } = useInvitationAnswer(invitation, onDeclined);

  return (
    <Stack gap="sm">
      <ActionError error={error} />
      <Button
        fullWidth
        size="md"
        onClick={() => accept.mutate()}
        loading={accept.isPending}
        disabled={reject.isPending}
      >
        Accept invitation
      </Button>
      <Button
        fullWidth
        variant="default"
        onClick={() => reject.mutate()}
        loading={reject.isPending}
        disabled={accept.isPending}
      >
        Decline
      </Button>
    </Stack>
  );
}

function HomeFooter() {
  const { data: session } = authClient.useSession();
  return session ? (
    <TextLink to="/organizations">Go to your organizations</TextLink>
  ) : (
    <TextLink to="/sign-in">Sign in</TextLink>
  );
}

function NotFound() {
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

function Expired({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle("Invitation expired");
  return (
    <InvitationCard
      title="This invitation has expired"
      organization={{ name: invitation.organizationName, logo: invitation.organizationLogo }}
      subtitle={`Invitations are valid for 2 days; this one to ${invitation.organizationName} ended ${formatDateTime(invitation.expiresAt)}. Ask ${inviterOf(invitation)} to send it again.`}
      footer={<HomeFooter />}
    >
      <Group justify="center">
        <Badge color="red" variant="light" leftSection={<IconCalendarOff size={12} aria-hidden />} tt="none">
          Expired
        </Badge>
      </Group>
    </InvitationCard>
  );
}

function Canceled({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle("Invitation cancelled");
  return (
    <InvitationCard
      title="This invitation was cancelled"
      organization={{ name: invitation.organizationName, logo: invitation.organizationLogo }}
      subtitle={`${invitation.organizationName} withdrew this invitation, so it can no longer be used. If you still want to join, ask an admin there to invite you again.`}
      footer={<HomeFooter />}
    >
      <Group justify="center">
        <Badge color="gray" variant="light" leftSection={<IconCircleX size={12} aria-hidden />} tt="none">
          Cancelled
        </Badge>
      </Group>
    </InvitationCard>
  );
}

function AlreadyUsed({ invitation }: { invitation: InvitationPreview }) {
  usePageTitle("Invitation already used");
  const { data: session } = authClient.useSession();
  const accepted = invitation.status === "accepted";
  const mine = session?.user.email.toLowerCase() === invitation.email.toLowerCase();
  return (
    <InvitationCard
      title="This invitation has already been used"
      organization={{ name: invitation.organizationName, logo: invitation.organizationLogo }}
      subtitle={
        accepted
          ? `It was accepted, so ${invitation.email} is already a member of ${invitation.organizationName}.`
          : `It was declined. If you changed your mind, ask ${inviterOf(invitation)} to invite you again.`
      }
      footer={mine && accepted ? null : <HomeFooter />}
    >
      {mine && accepted ? (
        <ButtonLink to="/org/$slug" params={{ slug: invitation.organizationSlug }} fullWidth size="md">
          {`Open ${invitation.organizationName}`}
        </ButtonLink>
      ) : (
        <Group justify="center">
          <Badge
            color={accepted ? "teal" : "gray"}
            variant="light"
            leftSection={
              accepted ? <IconCircleCheck size={12} aria-hidden /> : <IconInfoCircle size={12} aria-hidden />
            }
            tt="none"
          >
            {accepted ? "Accepted" : "Declined"}
          </Badge>
        </Group>
      )}
    </InvitationCard>
  );
}

function Declined({ invitation }: { invitation: InvitationPreview }) {
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
