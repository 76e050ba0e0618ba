import { Stack, Text } from "@mantine/core";
import { IconMailForward, IconQuestionMark } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { RedirectErrorCard } from "#web/components/redirect-error-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useLinkOutcome } from "../api/use-link-outcome.ts";

const route = getRouteApi("/email-change");
const EMAIL_SETTINGS = { section: "email" } as const;

/**
 * Where both email-change links land, signed in or not (another device, another browser): the approval,
 * the change done, or why the link failed, each with the way on. Success is said only with the proof the
 * link's redirect carries (`outcome`).
 */
export function EmailChangePage() {
  const { error, outcome: outcomeId } = route.useSearch();
  const { data: session, isPending: sessionPending } = authClient.useSession();
  const outcome = useLinkOutcome(error ? undefined : outcomeId);
  const signedIn = Boolean(session);

  if (error) {
    return (
      <RedirectErrorCard
        code={error}
        note={signedIn ? t("account.emailChange.noteSignedIn") : t("account.emailChange.noteSignedOut")}
        footer={null}
      >
        <NextStep signedIn={signedIn} />
      </RedirectErrorCard>
    );
  }
  if (sessionPending || outcome.isLoading) return <PageLoader label={t("account.emailChange.checking")} />;

  const result = outcome.data;
  if (result?.kind === "email-changed")
    return <EmailChanged email={result.email ?? ""} signedIn={signedIn} />;
  if (result?.kind === "email-change-approved") {
    return <ChangeApproved email={result.email ?? ""} signedIn={signedIn} />;
  }
  return <NothingToConfirm signedIn={signedIn} />;
}

/** An address in a sentence, in bold; a long one wraps anywhere. */
function Strong({ children }: { children?: ReactNode }) {
  return (
    <Text component="strong" fw={600} inherit style={{ overflowWrap: "anywhere" }}>
      {children}
    </Text>
  );
}

function NextStep({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <ButtonLink to="/account" search={EMAIL_SETTINGS} fullWidth size="md">
      {t("account.emailChange.goToEmailSettings")}
    </ButtonLink>
  ) : (
    <ButtonLink to="/sign-in" search={{ redirect: "/account?section=email" }} fullWidth size="md">
      {t("account.emailChange.signIn")}
    </ButtonLink>
  );
}

function EmailChanged({ email, signedIn }: { email: string; signedIn: boolean }) {
  usePageTitle(t("account.emailChange.changedTitle"));
  return (
    <AuthCard
      title={t("account.emailChange.changedTitle")}
      done
      subtitle={
        <T id="account.emailChange.changedSubtitle" values={{ email }} components={{ strong: <Strong /> }} />
      }
    >
      {signedIn ? (
        <ButtonLink to="/account" search={EMAIL_SETTINGS} fullWidth size="md">
          {t("account.emailChange.goToAccount")}
        </ButtonLink>
      ) : (
        <ButtonLink to="/sign-in" search={{ email }} fullWidth size="md">
          {t("account.emailChange.signInWithNew")}
        </ButtonLink>
      )}
    </AuthCard>
  );
}

function ChangeApproved({ email, signedIn }: { email: string; signedIn: boolean }) {
  usePageTitle(t("account.emailChange.approvedPageTitle"));
  return (
    <AuthCard
      title={t("account.emailChange.approvedTitle")}
      icon={<IconMailForward size={26} stroke={1.6} />}
      subtitle={
        <T id="account.emailChange.approvedSubtitle" values={{ email }} components={{ strong: <Strong /> }} />
      }
    >
      {signedIn ? (
        <ButtonLink to="/account" search={EMAIL_SETTINGS} fullWidth size="md" variant="default">
          {t("account.emailChange.backToAccount")}
        </ButtonLink>
      ) : (
        <Text size="sm" c="dimmed" ta="center">
          {t("account.emailChange.closeTab")}
        </Text>
      )}
    </AuthCard>
  );
}

function NothingToConfirm({ signedIn }: { signedIn: boolean }) {
  usePageTitle(t("account.emailChange.nothingPageTitle"));
  return (
    <AuthCard
      title={t("account.emailChange.nothingTitle")}
      icon={<IconQuestionMark size={26} stroke={1.6} />}
      subtitle={t("account.emailChange.nothingSubtitle")}
    >
      <Stack gap="sm">
        <NextStep signedIn={signedIn} />
      </Stack>
    </AuthCard>
  );
}
