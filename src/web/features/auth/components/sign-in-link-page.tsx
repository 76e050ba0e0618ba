import { Loader, Stack, Text } from "@mantine/core";
import { IconLink } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useVerifySignInLink } from "../api/use-email-sign-in.ts";

const route = getRouteApi("/sign-in/link");

/**
 * Where a mailed sign-in link lands. The token is spent by this page's own request, not by opening the
 * link, so a mail scanner that fetches links signs nobody in and spends nothing.
 */
export function SignInLinkPage() {
  usePageTitle(t("auth.signInLink.pageTitle"));
  const { token, redirect } = route.useSearch();
  const navigate = useNavigate();
  const { refetch } = authClient.useSession();
  const verify = useVerifySignInLink();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    verify.mutate(token, {
      onSuccess: async (answer) => {
        // A two-factor account goes on to its second step, then to the same target.
        if (answer?.twoFactorRedirect) {
          await navigate({
            to: "/sign-in/two-factor",
            search: { redirect: safeRedirectTarget(redirect) },
            replace: true,
          });
          return;
        }
        await refetch();
        await navigate({ to: safeRedirectTarget(redirect), replace: true });
      },
    });
  }, [token, redirect, verify, refetch, navigate]);

  const failed = !token || verify.isError;
  return (
    <AuthCard
      title={failed ? t("auth.signInLink.failed") : t("auth.signInLink.inProgress")}
      icon={<IconLink size={26} stroke={1.6} />}
      iconColor={failed ? "red" : undefined}
    >
      {failed ? (
        <Stack gap="md">
          <ErrorAlert error={verify.error ?? new Error(t("auth.signInLink.incomplete"))} />
          <Text size="sm" c="dimmed" ta="center">
            {t("auth.signInLink.note")}
          </Text>
          <ButtonLink to="/sign-in/email-link" search={redirect ? { redirect } : {}} fullWidth size="md">
            {t("auth.signInLink.newLink")}
          </ButtonLink>
        </Stack>
      ) : (
        <Stack align="center" py="md">
          <Loader aria-label={t("auth.signInLink.pageTitle")} />
        </Stack>
      )}
    </AuthCard>
  );
}
