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
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
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
  if (preview.isPending) return <PageLoader label={t("integrations.join.loading")} />;
  if (preview.error) {
    // A token the server cannot read (400) is as unknown as one it does not have (404).
    if (isNotFound(preview.error) || (preview.error instanceof ApiError && preview.error.status === 400)) {
      return (
        <Settled title={t("integrations.join.notFound")} icon={<IconLinkOff size={26} />} iconColor="red">
          {t("integrations.join.notFoundBody")}
        </Settled>
      );
    }
    return (
      <InvitationCard
        title={t("integrations.join.loadFailedTitle")}
        icon={<IconAlertCircle size={26} />}
        iconColor="red"
      >
        <LoadError
          error={preview.error}
          onRetry={() => void preview.refetch()}
          title={t("integrations.join.loadFailed")}
        />
      </InvitationCard>
    );
  }
  const link = preview.data;
  if (link.state !== "active") return <Unusable link={link} state={link.state} />;
  return <Open link={link} token={token} />;
}

const UNUSABLE: Record<
  Exclude<InviteLinkState, "active">,
  { title: MessageId; text: MessageId; icon: ReactNode }
> = {
  expired: {
    title: "integrations.join.expired",
    text: "integrations.join.expiredBody",
    icon: <IconCalendarOff size={26} />,
  },
  used_up: {
    title: "integrations.join.usedUp",
    text: "integrations.join.usedUpBody",
    icon: <IconUsersGroup size={26} />,
  },
  revoked: {
    title: "integrations.join.revoked",
    text: "integrations.join.revokedBody",
    icon: <IconLinkOff size={26} />,
  },
};

function Unusable({ link, state }: { link: InviteLinkPreview; state: Exclude<InviteLinkState, "active"> }) {
  const words = UNUSABLE[state];
  return (
    <Settled title={t(words.title)} icon={words.icon} iconColor="gray" organization={link.organization}>
      {t(words.text, { organization: link.organization.name })}
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
          <TextLink to="/organizations">{t("integrations.join.goToOrganizations")}</TextLink>
        ) : (
          <TextLink to="/sign-in">{t("integrations.join.signIn")}</TextLink>
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
  usePageTitle(t("integrations.join.title", { organization: name }));
  const { data: session, isPending } = authClient.useSession();
  const here = `/join/${token}`;
  return (
    <InvitationCard
      title={t("integrations.join.title", { organization: name })}
      organization={link.organization}
      subtitle={t("integrations.join.given", { organization: name })}
      footer={
        <Text size="xs" c="dimmed" component="span">
          {t("integrations.join.worksUntil", { date: formatDateTime(link.expiresAt) })}
        </Text>
      }
    >
      <JoinTerms role={link.role} teams={link.teamName ? [link.teamName] : []} />
      {link.requireTwoFactor ? <JoinTwoFactorNotice organizationName={name} /> : null}
      {isPending ? (
        <Group justify="center" py="sm" role="status" aria-label={t("integrations.join.checkingSession")}>
          <Loader size="sm" />
        </Group>
      ) : !session ? (
        <Stack gap="sm">
          <Text size="sm" ta="center">
            {t("integrations.join.signInToJoin")}
          </Text>
          <ButtonLink to="/sign-up" search={{ redirect: here }} fullWidth size="md">
            {t("integrations.join.createAccount")}
          </ButtonLink>
          <ButtonLink to="/sign-in" search={{ redirect: here }} fullWidth size="md" variant="default">
            {t("integrations.join.haveAccount")}
          </ButtonLink>
        </Stack>
      ) : link.alreadyMember ? (
        <Stack gap="sm">
          <Alert
            color="teal"
            variant="light"
            title={t("integrations.join.alreadyMember")}
            icon={<IconCircleCheck size={18} aria-hidden />}
          >
            {t("integrations.join.alreadyMemberBody", { organization: name })}
          </Alert>
          <ButtonLink to="/org/$slug" params={{ slug: link.organization.slug }} fullWidth size="md">
            {t("integrations.join.open", { organization: name })}
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
        title={t("integrations.join.verifyFirst")}
        icon={<IconMailForward size={18} aria-hidden />}
      >
        {send.isSuccess
          ? t("integrations.join.verificationSent", { email })
          : t("integrations.join.verificationNeeded", { email })}
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
        {t("integrations.join.resend")}
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
        {t("integrations.join.title", { organization: name })}
      </Button>
    </Stack>
  );
}
