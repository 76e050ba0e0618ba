import { Stack, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";

/** Where deletion ends, by the mailed link or by password. */
export function AccountDeletedPage() {
  usePageTitle("Account deleted");
  const queryClient = useQueryClient();
  const { refetch } = authClient.useSession();

  // The session died with the account: forget it and anything cached for it.
  useEffect(() => {
    void refetch();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
    try {
      window.localStorage.removeItem("gatehouse-deletion-requested");
      window.localStorage.removeItem("gatehouse-pending-email-change");
    } catch {
      // Nothing stored, nothing to forget.
    }
  }, [refetch, queryClient]);

  return (
    <AuthCard
      title="Your account has been deleted"
      icon={<IconCircleCheck size={28} stroke={1.6} />}
      iconColor="teal"
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
