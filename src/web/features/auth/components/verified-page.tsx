import { Button, Stack, Text } from "@mantine/core";
import { IconMailQuestion } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { RedirectErrorCard } from "#web/components/redirect-error-card.tsx";
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
  if (isPending) return <PageLoader label="Checking your address" />;
  if (!session) return <NotSignedIn />;
  if (!session.user.emailVerified) return <NotVerifiedYet email={session.user.email} />;
  return (
    <VerificationSucceeded name={session.user.name || session.user.email} next={safeRedirectTarget(next)} />
  );
}

function VerificationSucceeded({ name, next }: { name: string; next: string }) {
  usePageTitle("Email verified");
  const navigate = useNavigate();
  const [continuing, setContinuing] = useState(false);

  async function goOn() {
    setContinuing(true);
    await navigate({ to: next });
  }

  return (
    <AuthCard
      title="Email verified"
      done
      subtitle={`Thanks, ${name}. Your email address is confirmed and you're signed in.`}
    >
      <Button fullWidth size="md" onClick={goOn} loading={continuing}>
        Continue
      </Button>
    </AuthCard>
  );
}

function NotVerifiedYet({ email }: { email: string }) {
  usePageTitle("Email not verified yet");
  return (
    <AuthCard
      title="Your address isn't verified yet"
      icon={<IconMailQuestion size={26} stroke={1.6} />}
      subtitle={`Open the verification link we sent to ${email}. It works for 1 hour; if it has expired, send a new one.`}
    >
      <ResendVerification email={email} variant="filled" />
    </AuthCard>
  );
}

function NotSignedIn() {
  usePageTitle("Nothing to confirm");
  return (
    <AuthCard
      title="Nothing to confirm here"
      icon={<IconMailQuestion size={26} stroke={1.6} />}
      subtitle="This page confirms a verification link, and you're not signed in. If you opened a link from your email, sign in to continue; if it has expired, sign in and we'll send a new one."
    >
      <ButtonLink to="/sign-in" fullWidth size="md">
        Sign in
      </ButtonLink>
    </AuthCard>
  );
}

function VerificationFailed({ code }: { code: string }) {
  return (
    <RedirectErrorCard code={code}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Get a new verification link
        </Text>
        <ResendVerification variant="filled" />
      </Stack>
    </RedirectErrorCard>
  );
}
