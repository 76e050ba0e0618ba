import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import {
  IconAlertCircle,
  IconCalendarOff,
  IconCircleCheck,
  IconLinkOff,
  IconMailForward,
  IconUsersGroup,
} from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { InviteLinkPreview, InviteLinkState } from "#shared/contracts/invite-links.ts";
import { ButtonLink } from "#web/components/button-link.tsx";
import { ErrorAlert, LoadError } from "#web/components/error-alert.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { ApiError, isNotFound } from "#web/lib/api/api-error.ts";
import { errorText } from "#web/lib/api/error-text.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useResendVerification } from "../api/use-invitation-account.ts";
import { useInviteLinkPreview, useJoinInviteLink } from "../api/use-invite-links.ts";
import { InvitationCard } from "./invitation-card.tsx";
import { JoinTerms, JoinTwoFactorNotice } from "./join-terms.tsx";

const route = getRouteApi("/join/$token");

/** `/join/$token`: the page an invite link opens, signed in or not. */
export function JoinLinkPage() {
  const { token } = route.useParams();
  const preview = useInviteLinkPreview(token);
  if (preview.isPending) return <PageLoader label="Loading the invite link" />;
  if (preview.error) {
    // A token the server cannot read (400) is as unknown as one it does not have (404).
    if (isNotFound(preview.error) || (preview.error instanceof ApiError && preview.error.status === 400)) {
      return (
        <Settled title="This invite link doesn't exist" icon={<IconLinkOff size={26} />} iconColor="red">
          Check that you copied all of it, or ask whoever shared it for a new one.
        </Settled>
      );
    }
    return (
      <InvitationCard
        title="We couldn't load this invite link"
        icon={<IconAlertCircle size={26} />}
        iconColor="red"
      >
        <LoadError error={preview.error} onRetry={() => void preview.refetch()} title="Loading failed" />
      </InvitationCard>
    );
  }
  const link = preview.data;
  if (link.state !== "active") return <Unusable link={link} state={link.state} />;
  return <Open link={link} token={token} />;
}

const UNUSABLE: Record<
  Exclude<InviteLinkState, "active">,
  { title: string; text: string; icon: ReactNode }
> = {
  expired: {
    title: "This invite link has expired",
    text: "Links stop working after the time their creator chose. Ask an owner or admin for a new one.",
    icon: <IconCalendarOff size={26} />,
  },
  used_up: {
    title: "This invite link has been used up",
    text: "It let in as many people as its creator allowed. Ask an owner or admin for a new one.",
    icon: <IconUsersGroup size={26} />,
  },
  revoked: {
    title: "This invite link was revoked",
    text: "An owner or admin turned it off. Ask them for a new one if you should still join.",
    icon: <IconLinkOff size={26} />,
  },
};

function Unusable({ link, state }: { link: InviteLinkPreview; state: Exclude<InviteLinkState, "active"> }) {
  const words = UNUSABLE[state];
  return (
    <Settled title={words.title} icon={words.icon} iconColor="gray" organization={link.organization}>
      {`${words.text} (${link.organization.name})`}
    </Settled>
  );
}

/** A link that lets no one in: why, and the way home. */
function Settled({
  title,
  icon,
  iconColor,
  organization,
  children,
}: {
  title: string;
  icon: ReactNode;
  iconColor: string;
  organization?: InviteLinkPreview["organization"];
  children: ReactNode;
}) {
  usePageTitle(title);
  const { data: session } = authClient.useSession();
  return (
    <InvitationCard
      title={title}
      icon={organization ? undefined : icon}
      iconColor={iconColor}
      organization={organization}
      subtitle={children}
      footer={
        session ? (
          <TextLink to="/organizations">Go to your organizations</TextLink>
        ) : (
          <TextLink to="/sign-in">Sign in</TextLink>
        )
      }
    >
      {null}
    </InvitationCard>
  );
}

/** A working link: what it offers, then what this visitor can do. */
function Open({ link, token }: { link: InviteLinkPreview; token: string }) {
  const name = link.organization.name;
  usePageTitle(`Join ${name}`);
  const { data: session, isPending } = authClient.useSession();
  const here = `/join/${token}`;
  return (
    <InvitationCard
      title={`Join ${name}`}
      organization={link.organization}
      subtitle={`You were given a link to join ${name}.`}
      footer={
        <Text size="xs" c="dimmed" component="span">
          {`The link works until ${formatDateTime(link.expiresAt)}.`}
        </Text>
      }
    >
      <JoinTerms role={link.role} teams={link.teamName ? [link.teamName] : []} />
      {link.requireTwoFactor ? <JoinTwoFactorNotice organizationName={name} /> : null}
      {isPending ? (
        <Group justify="center" py="sm" role="status" aria-label="Checking your session">
          <Loader size="sm" />
        </Group>
      ) : !session ? (
        <Stack gap="sm">
          <Text size="sm" ta="center">
            Sign in or create an account to join.
          </Text>
          <ButtonLink to="/sign-up" search={{ redirect: here }} fullWidth size="md">
            Create an account
          </ButtonLink>
          <ButtonLink to="/sign-in" search={{ redirect: here }} fullWidth size="md" variant="default">
            I already have an account
          </ButtonLink>
        </Stack>
      ) : link.alreadyMember ? (
        <Stack gap="sm">
          <Alert
            color="teal"
            variant="light"
            title="You're already a member"
            icon={<IconCircleCheck size={18} aria-hidden />}
          >
            {`You belong to ${name} already; the link is not needed.`}
          </Alert>
          <ButtonLink to="/org/$slug" params={{ slug: link.organization.slug }} fullWidth size="md">
            {`Open ${name}`}
          </ButtonLink>
        </Stack>
      ) : !session.user.emailVerified ? (
        <Unverified email={session.user.email} here={here} />
      ) : (
        <JoinButton token={token} name={name} />
      )}
    </InvitationCard>
  );
}

function Unverified({ email, here }: { email: string; here: string }) {
  const send = useResendVerification(email, here);
  return (
    <Stack gap="sm">
      <Alert
        color="yellow"
        variant="light"
        title="Verify your email first"
        icon={<IconMailForward size={18} aria-hidden />}
      >
        {send.isSuccess
          ? `We sent a new link to ${email}. Open it: it brings you back here to join.`
          : `Confirm ${email} by opening the link we sent you; it brings you back here to join.`}
      </Alert>
      {send.error ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {errorText(send.error)}
        </Text>
      ) : null}
      <Button
        variant="default"
        onClick={() => send.mutate()}
        loading={send.isPending}
        disabled={send.isSuccess}
      >
        Send the verification email again
      </Button>
    </Stack>
  );
}

function JoinButton({ token, name }: { token: string; name: string }) {
  const navigate = useNavigate();
  const join = useJoinInviteLink(token, (joined) =>
    navigate({ to: "/org/$slug", params: { slug: joined.organization.slug } }),
  );
  return (
    <Stack gap="sm">
      <ErrorAlert error={join.error} />
      <Button fullWidth size="md" onClick={() => join.mutate()} loading={join.isPending || join.isSuccess}>
        {`Join ${name}`}
      </Button>
    </Stack>
  );
}
