import { Code, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconShieldLock } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { ButtonLink } from "#web/components/button-link.tsx";
import { RedirectErrorCard } from "#web/components/redirect-error-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { isSsoRetryError, sanitizeErrorCode } from "#web/lib/redirect-errors.ts";

const route = getRouteApi("/error");

/** Friendly landing for the server's `?error=<code>` redirects (SPEC §8). */
export function ErrorPage() {
  const { error } = route.useSearch();
  const code = sanitizeErrorCode(error ?? "");

  return (
    <RedirectErrorCard code={code} icon={<IconAlertTriangle size={26} stroke={1.6} />} footer={null}>
      <Stack gap="md">
        <Stack gap="sm">
          {isSsoRetryError(code) ? (
            <ButtonLink
              to="/sign-in/sso"
              size="md"
              fullWidth
              leftSection={<IconShieldLock size={18} aria-hidden />}
            >
              {t("auth.continueWithSso")}
            </ButtonLink>
          ) : null}
          <ButtonLink
            to="/sign-in"
            size="md"
            fullWidth
            variant={isSsoRetryError(code) ? "default" : "filled"}
          >
            {t("auth.backToSignIn")}
          </ButtonLink>
          <ButtonLink to="/" size="md" variant="default" fullWidth>
            {t("auth.error.home")}
          </ButtonLink>
        </Stack>
        {code ? (
          <Text size="xs" c="dimmed" ta="center">
            <T id="auth.error.code" values={{ code }} components={{ mono: <Code /> }} />
          </Text>
        ) : null}
      </Stack>
    </RedirectErrorCard>
  );
}
