import { Button, List, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useNotMe } from "../api/use-email-sign-in.ts";

const route = getRouteApi("/not-me");

/**
 * The "this wasn't me" link of a security mail. Nothing happens on opening (mail scanners open links):
 * the button signs out every session and goes on to choosing a new password.
 */
export function NotMePage() {
  usePageTitle(t("auth.notMe.title"));
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
        title={t("auth.notMe.incomplete")}
        icon={<IconShieldLock size={26} stroke={1.6} />}
        iconColor="red"
      >
        <ButtonLink to="/forgot-password" fullWidth size="md">
          {t("auth.notMe.resetPassword")}
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.notMe.title")}
      icon={<IconShieldLock size={26} stroke={1.6} />}
      iconColor="red"
      subtitle={t("auth.notMe.subtitle")}
      footer={<TextLink to="/sign-in">{t("auth.notMe.itWasMe")}</TextLink>}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm">{t("auth.notMe.thisWill")}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t("auth.notMe.signOutEverywhereStep")}</List.Item>
            <List.Item>{t("auth.notMe.newPasswordStep")}</List.Item>
          </List>
        </Stack>
        <ErrorAlert error={notMe.error}>
          <TextLink to="/forgot-password" size="sm">
            {t("auth.notMe.resetByEmail")}
          </TextLink>
        </ErrorAlert>
        <Button
          color="red.8"
          size="md"
          fullWidth
          loading={notMe.isPending || notMe.isSuccess}
          onClick={secure}
        >
          {t("auth.notMe.signOutEverywhere")}
        </Button>
      </Stack>
    </AuthCard>
  );
}
