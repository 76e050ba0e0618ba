import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconMailForward, IconUserQuestion, type TablerIcon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { errorText } from "#web/lib/api/error-text.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import type { InvitationPreview } from "../api/types.ts";
import { useResendVerification, useSwitchAccount } from "../api/use-invitation-account.ts";
import { useInvitationAnswer } from "../api/use-invitation-answer.ts";
import { timeLeft } from "../lib/format.ts";
import { useNow } from "../lib/use-now.ts";
import { InvitationAnswerButtons } from "./invitation-answer-buttons.tsx";
import { InvitationCard } from "./invitation-card.tsx";
import { inviterOf } from "./invitation-outcomes.tsx";
import { JoinTerms, JoinTwoFactorNotice } from "./join-terms.tsx";

/** An invitation still open: what it offers, then what this visitor can do about it. */
export function Pending({
  invitation,
  proof,
  verifyError,
  onDeclined,
}: {
  invitation: InvitationPreview;
  /** The mailed link's proof of the address: kept on the way back, so a sign-up from here needs no mail. */
  proof?: string;
  verifyError?: string;
  onDeclined: () => void;
}) {
  usePageTitle(t("organizations.landing.joinTitle", { organization: invitation.organizationName }));
  const { data: session, isPending } = authClient.useSession();
  const now = useNow();
  const here = `/accept-invitation/${encodeURIComponent(invitation.id)}${proof ? `?proof=${encodeURIComponent(proof)}` : ""}`;
  const verifyText = verifyError ? describeRedirectError(verifyError) : null;

  return (
    <InvitationCard
      title={t("organizations.landing.joinTitle", { organization: invitation.organizationName })}
      organization={{ name: invitation.organizationName, logo: invitation.organizationLogo }}
      subtitle={
        <T
          id="organizations.landing.invited"
          values={{
            inviter: inviterOf(invitation),
            email: invitation.email,
            organization: invitation.organizationName,
          }}
          components={{
            person: <Text span fw={600} c="var(--mantine-color-text)" />,
            address: (
              <Text span fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: "anywhere" }} />
            ),
          }}
        />
      }
      footer={
        <Text size="xs" c="dimmed" component="span">
          {t("organizations.landing.expiry", {
            timeLeft: timeLeft(invitation.expiresAt, now),
            date: formatDateTime(invitation.expiresAt),
          })}
        </Text>
      }
    >
      <JoinTerms role={invitation.role} teams={invitation.teams.map((team) => team.name)} />
      {invitation.requireTwoFactor ? (
        <JoinTwoFactorNotice organizationName={invitation.organizationName} />
      ) : null}
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
        <Group justify="center" py="sm" role="status" aria-label={t("organizations.landing.checkingSession")}>
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

/** Why this visitor cannot answer yet, and what to do first. */
function Caution({ title, icon: Icon, children }: { title: string; icon: TablerIcon; children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" title={title} icon={<Icon size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}

function SignedOut({ invitation, here }: { invitation: InvitationPreview; here: string }) {
  const search = { redirect: here, email: invitation.email };
  return (
    <Stack gap="sm">
      <Text size="sm" ta="center">
        {t("organizations.landing.signInToAccept", { email: invitation.email })}
      </Text>
      <ButtonLink to="/sign-up" search={search} fullWidth size="md">
        {t("organizations.landing.createAccount")}
      </ButtonLink>
      <ButtonLink to="/sign-in" search={search} fullWidth size="md" variant="default">
        {t("organizations.landing.haveAccount")}
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
  const switchAccount = useSwitchAccount(here, invitation.email);
  return (
    <Stack gap="sm">
      <Caution title={t("organizations.landing.wrongAccountTitle")} icon={IconUserQuestion}>
        {t("organizations.landing.wrongAccountDescription", { signedInAs, email: invitation.email })}
      </Caution>
      <Button
        fullWidth
        size="md"
        onClick={() => switchAccount.mutate()}
        loading={switchAccount.isPending || switchAccount.isSuccess}
      >
        {t("organizations.landing.switchAccount")}
      </Button>
      <ButtonLink to="/" fullWidth variant="default">
        {t("organizations.landing.stay")}
      </ButtonLink>
    </Stack>
  );
}

function Unverified({ email, here }: { email: string; here: string }) {
  const send = useResendVerification(email, here);
  const sent = send.isSuccess;
  return (
    <Stack gap="sm">
      <Caution title={t("organizations.landing.verifyTitle")} icon={IconMailForward}>
        {sent
          ? t("organizations.landing.verifySent", { email })
          : t("organizations.landing.verifyDescription", { email })}
      </Caution>
      {send.error ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {errorText(send.error)}
        </Text>
      ) : null}
      <Button variant="default" onClick={() => send.mutate()} loading={send.isPending} disabled={sent}>
        {t("organizations.landing.verifyResend")}
      </Button>
    </Stack>
  );
}

function Answer({ invitation, onDeclined }: { invitation: InvitationPreview; onDeclined: () => void }) {
  const answer = useInvitationAnswer(invitation, onDeclined);
  return (
    <Stack gap="sm">
      <ErrorAlert error={answer.error} />
      <InvitationAnswerButtons answer={answer} stacked />
    </Stack>
  );
}
