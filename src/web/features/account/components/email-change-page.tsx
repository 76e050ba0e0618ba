import { Stack, Text } from "@mantine/core";
import { IconMailForward, IconQuestionMark } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { RedirectErrorCard } from "#web/components/redirect-error-card.tsx";
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
        note={signedIn ? "Start the change again from your account." : "Sign in to start the change again."}
        footer={null}
      >
        <NextStep signedIn={signedIn} />
      </RedirectErrorCard>
    );
  }
  if (sessionPending || outcome.isLoading) return <PageLoader label="Checking the link" />;

  const result = outcome.data;
  if (result?.kind === "email-changed")
    return <EmailChanged email={result.email ?? ""} signedIn={signedIn} />;
  if (result?.kind === "email-change-approved") {
    return <ChangeApproved email={result.email ?? ""} signedIn={signedIn} />;
  }
  return <NothingToConfirm signedIn={signedIn} />;
}

function NextStep({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <ButtonLink to="/account" search={EMAIL_SETTINGS} fullWidth size="md">
      Go to email settings
    </ButtonLink>
  ) : (
    <ButtonLink to="/sign-in" search={{ redirect: "/account?section=email" }} fullWidth size="md">
      Sign in
    </ButtonLink>
  );
}

function EmailChanged({ email, signedIn }: { email: string; signedIn: boolean }) {
  usePageTitle("Email address changed");
  return (
    <AuthCard
      title="Email address changed"
      done
      subtitle={
        <>
          {"Your account now uses "}
          <Text component="strong" fw={600} inherit style={{ overflowWrap: "anywhere" }}>
            {email}
          </Text>
          {". Sign in with it from now on; we told your old address about the change."}
        </>
      }
    >
      {signedIn ? (
        <ButtonLink to="/account" search={EMAIL_SETTINGS} fullWidth size="md">
          Go to your account
        </ButtonLink>
      ) : (
        <ButtonLink to="/sign-in" search={{ email }} fullWidth size="md">
          Sign in with your new address
        </ButtonLink>
      )}
    </AuthCard>
  );
}

function ChangeApproved({ email, signedIn }: { email: string; signedIn: boolean }) {
  usePageTitle("Change approved");
  return (
    <AuthCard
      title="Change approved — one step left"
      icon={<IconMailForward size={26} stroke={1.6} />}
      subtitle={
        <>
          {"We sent a link to "}
          <Text component="strong" fw={600} inherit style={{ overflowWrap: "anywhere" }}>
            {email}
          </Text>
          {". Open it within 1 hour to confirm the new address; your address changes only then."}
        </>
      }
    >
      {signedIn ? (
        <ButtonLink to="/account" search={EMAIL_SETTINGS} fullWidth size="md" variant="default">
          Back to your account
        </ButtonLink>
      ) : (
        <Text size="sm" c="dimmed" ta="center">
          You can close this tab.
        </Text>
      )}
    </AuthCard>
  );
}

function NothingToConfirm({ signedIn }: { signedIn: boolean }) {
  usePageTitle("Nothing to confirm");
  return (
    <AuthCard
      title="Nothing to confirm here"
      icon={<IconQuestionMark size={26} stroke={1.6} />}
      subtitle="This page shows the result of an email-change link, and this visit didn't come from one (or it is too old to show). Nothing was changed."
    >
      <Stack gap="sm">
        <NextStep signedIn={signedIn} />
      </Stack>
    </AuthCard>
  );
}
