import { Button, Stack, Text } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { RedirectErrorCard } from "./redirect-error-card.tsx";
import { ResendVerification } from "./resend-verification.tsx";

const route = getRouteApi("/verified");

export function VerifiedPage() {
  const { error } = route.useSearch();
  return error ? <VerificationFailed code={error} /> : <VerificationSucceeded />;
}

function VerificationSucceeded() {
  usePageTitle("Email verified");
  const navigate = useNavigate();
  const { data: session, refetch } = authClient.useSession();
  const [continuing, setContinuing] = useState(false);

  // The verification link set a session cookie on the way here; pick it up.
  useEffect(() => {
    void refetch();
  }, [refetch]);

  async function goOn() {
    setContinuing(true);
    await refetch();
    await navigate({ to: "/" });
  }

  return (
    <AuthCard
      title="Email verified"
      done
      subtitle={
        session
          ? `Thanks, ${session.user.name || session.user.email}. Your email address is confirmed and you're signed in.`
          : "Thanks! Your email address is confirmed."
      }
    >
      <Button fullWidth size="md" onClick={goOn} loading={continuing}>
        Continue
      </Button>
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
