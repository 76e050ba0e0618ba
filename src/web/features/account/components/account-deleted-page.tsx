import { Stack, Text } from "@mantine/core";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useForgetDeletedAccount } from "../api/use-delete-account.ts";

/** Where deletion ends, by the mailed link or by password. */
export function AccountDeletedPage() {
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
