import { Button, List, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useNotMe } from "../api/use-email-sign-in.ts";

const route = getRouteApi("/not-me");

/**
 * The "this wasn't me" link of a security mail. Nothing happens on opening (mail scanners open links):
 * the button signs out every session and goes on to choosing a new password.
 */
export function NotMePage() {
  usePageTitle("Secure your account");
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const { refetch } = authClient.useSession();
  const notMe = useNotMe();

  function secure() {
    if (!token) return;
    notMe.mutate(token, {
      onSuccess: async ({ resetToken }) => {
        await refetch();
        await navigate({ to: "/reset-password", search: { token: resetToken }, replace: true });
      },
    });
  }

  if (!token) {
    return (
      <AuthCard
        title="This link is incomplete"
        icon={<IconShieldLock size={26} stroke={1.6} />}
        iconColor="red"
      >
        <ButtonLink to="/forgot-password" fullWidth size="md">
          Reset my password
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Secure your account"
      icon={<IconShieldLock size={26} stroke={1.6} />}
      iconColor="red"
      subtitle="If you did not do what our mail described, someone else may know your password."
      footer={<TextLink to="/sign-in">It was me after all</TextLink>}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm">This will:</Text>
          <List size="sm" spacing={4}>
            <List.Item>sign your account out on every device, this one included;</List.Item>
            <List.Item>take you to choosing a new password right away.</List.Item>
          </List>
        </Stack>
        <ErrorAlert error={notMe.error}>
          <TextLink to="/forgot-password" size="sm">
            Reset my password by email instead
          </TextLink>
        </ErrorAlert>
        <Button
          color="red.8"
          size="md"
          fullWidth
          loading={notMe.isPending || notMe.isSuccess}
          onClick={secure}
        >
          Sign out everywhere
        </Button>
      </Stack>
    </AuthCard>
  );
}
