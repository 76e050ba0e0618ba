import { Code, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconShieldLock } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { ButtonLink } from "#web/components/button-link.tsx";
import { RedirectErrorCard } from "#web/components/redirect-error-card.tsx";
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
              Continue with SSO
            </ButtonLink>
          ) : null}
          <ButtonLink
            to="/sign-in"
            size="md"
            fullWidth
            variant={isSsoRetryError(code) ? "default" : "filled"}
          >
            Back to sign in
          </ButtonLink>
          <ButtonLink to="/" size="md" variant="default" fullWidth>
            Home
          </ButtonLink>
        </Stack>
        {code ? (
          <Text size="xs" c="dimmed" ta="center">
            {"Error code: "}
            <Code>{code}</Code>
          </Text>
        ) : null}
      </Stack>
    </RedirectErrorCard>
  );
}
