import { Code, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { ButtonLink } from "#web/components/button-link.tsx";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";

const route = getRouteApi("/error");

/** Friendly landing for the server's `?error=<code>` redirects (SPEC §8). */
export function ErrorPage() {
  const { error } = route.useSearch();
  const text = describeRedirectError(error ?? "");
  usePageTitle(text.title);

  return (
    <AuthCard
      title={text.title}
      icon={<IconAlertTriangle size={26} stroke={1.6} />}
      iconColor="red"
      subtitle={text.description}
    >
      <Stack gap="md">
        <Stack gap="sm">
          <ButtonLink to="/sign-in" size="md" fullWidth>
            Back to sign in
          </ButtonLink>
          <ButtonLink to="/" size="md" variant="default" fullWidth>
            Home
          </ButtonLink>
        </Stack>
        {text.code ? (
          <Text size="xs" c="dimmed" ta="center">
            {"Error code: "}
            <Code>{text.code}</Code>
          </Text>
        ) : null}
      </Stack>
    </AuthCard>
  );
}
