import { Stack, Text } from "@mantine/core";
import { IconQuestionMark } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { PageLoader } from "#web/components/page-loader.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useForgetDeletedAccount } from "../api/use-delete-account.ts";
import { useLinkOutcome } from "../api/use-link-outcome.ts";

const route = getRouteApi("/account/deleted");

/**
 * Where deletion ends, by the mailed link or by password. It says the account is gone only with the proof
 * the deletion left in the URL (`outcome`); opened directly it says nothing was deleted here.
 */
export function AccountDeletedPage() {
  const { outcome: outcomeId } = route.useSearch();
  const outcome = useLinkOutcome(outcomeId);
  if (outcome.isLoading) return <PageLoader label="Checking" />;
  return outcome.data?.kind === "account-deleted" ? <AccountDeleted /> : <NothingDeleted />;
}

function AccountDeleted() {
  usePageTitle("Account deleted");
  useForgetDeletedAccount();

  return (
    <AuthCard
      title="Your account has been deleted"
      done
      subtitle="Your profile, sign-in methods and sessions are gone. Thank you for using Gatehouse."
      footer={<TextLink to="/sign-in">Back to sign in</TextLink>}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" ta="center">
          Changed your mind? You can create a new account with the same email address.
        </Text>
        <ButtonLink to="/sign-up" fullWidth size="md" variant="default">
          Create a new account
        </ButtonLink>
      </Stack>
    </AuthCard>
  );
}

function NothingDeleted() {
  usePageTitle("No account deleted");
  return (
    <AuthCard
      title="No account was deleted here"
      icon={<IconQuestionMark size={26} stroke={1.6} />}
      subtitle="This page confirms a deletion, and this visit didn't come from one (or it is too old to show). To delete your account, sign in and use the danger zone of your account settings."
    >
      <ButtonLink to="/account" search={{ section: "danger" }} fullWidth size="md" variant="default">
        Go to account settings
      </ButtonLink>
    </AuthCard>
  );
}
