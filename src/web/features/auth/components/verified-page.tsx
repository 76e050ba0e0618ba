import { Button, Stack, Text } from "@mantine/core";
import { IconMailQuestion } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { RedirectErrorCard } from "#web/components/redirect-error-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { ResendVerification } from "./resend-verification.tsx";

const route = getRouteApi("/verified");

/**
 * Where a verification link lands. A failed link says why, with a new link on offer. Success is read from
 * the server, never from the URL: the link signed the person in, verified; opened directly, the page says
 * what the session shows (nothing, signed out).
 */
export function VerifiedPage() {
  const { error, next } = route.useSearch();
  const { data: session, isPending } = authClient.useSession();
  if (error) return <VerificationFailed code={error} />;
  if (isPending) return <PageLoader label={t("auth.verified.checking")} />;
  if (!session) return <NotSignedIn />;
  if (!session.user.emailVerified) return <NotVerifiedYet email={session.user.email} />;
  return (
    <VerificationSucceeded name={session.user.name || session.user.email} next={safeRedirectTarget(next)} />
  );
}

function VerificationSucceeded({ name, next }: { name: string; next: string }) {
  usePageTitle(t("auth.verified.title"));
  const navigate = useNavigate();
  const [continuing, setContinuing] = useState(false);

  async function goOn() {
    setContinuing(true);
    await navigate({ to: next });
  }

  return (
    <AuthCard title={t("auth.verified.title")} done subtitle={t("auth.verified.subtitle", { name })}>
      <Button fullWidth size="md" onClick={goOn} loading={continuing}>
        {t("auth.continue")}
      </Button>
    </AuthCard>
  );
}

function NotVerifiedYet({ email }: { email: string }) {
  usePageTitle(t("auth.verified.notYet.pageTitle"));
  return (
    <AuthCard
      title={t("auth.verified.notYet.title")}
      icon={<IconMailQuestion size={26} stroke={1.6} />}
      subtitle={t("auth.verified.notYet.subtitle", { email })}
    >
      <ResendVerification email={email} variant="filled" />
    </AuthCard>
  );
}

function NotSignedIn() {
  usePageTitle(t("auth.verified.notSignedIn.pageTitle"));
  return (
    <AuthCard
      title={t("auth.verified.notSignedIn.title")}
      icon={<IconMailQuestion size={26} stroke={1.6} />}
      subtitle={t("auth.verified.notSignedIn.subtitle")}
    >
      <ButtonLink to="/sign-in" fullWidth size="md">
        {t("auth.signIn.action")}
      </ButtonLink>
    </AuthCard>
  );
}

function VerificationFailed({ code }: { code: string }) {
  return (
    <RedirectErrorCard code={code}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t("auth.verified.newLink")}
        </Text>
        <ResendVerification variant="filled" />
      </Stack>
    </RedirectErrorCard>
  );
}
