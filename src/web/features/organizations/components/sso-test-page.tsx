import { Stack, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useSsoTestResult } from "../api/use-sso.ts";
import { SsoTestResultView } from "./sso-test-result.tsx";

const route = getRouteApi("/sso-test");

/** `/sso-test`: where a test sign-in's tab lands (ssoTestResultPath): the result, and that the tab can go. */
export function SsoTestPage() {
  usePageTitle("Test sign-in");
  const { organizationId = "", testId = "" } = route.useSearch();
  const result = useSsoTestResult(organizationId, testId || null);
  const missing = !organizationId || !testId;

  return (
    <AuthCard
      title="Test sign-in"
      width={640}
      icon={<IconShieldCheck size={26} stroke={1.6} />}
      subtitle="What your identity provider sent. Nobody was signed in."
      footer={<Text size="sm">You can close this tab: the single sign-on page shows the same result.</Text>}
    >
      <Stack gap="md">
        {missing ? <Text size="sm">This address does not name a test sign-in.</Text> : null}
        {result.error ? (
          <LoadError
            error={result.error}
            onRetry={() => void result.refetch()}
            title="The result could not be loaded"
          />
        ) : null}
        {result.data ? <SsoTestResultView result={result.data} /> : null}
      </Stack>
    </AuthCard>
  );
}
