import { Stack, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard } from "#web/components/auth-card.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useSsoTestResult } from "../api/use-sso.ts";
import { SsoTestResultView } from "./sso-test-result.tsx";

const route = getRouteApi("/sso-test");

/** `/sso-test`: where a test sign-in's tab lands (ssoTestResultPath): the result, and that the tab can go. */
export function SsoTestPage() {
  usePageTitle(t("integrations.sso.test.title"));
  const { organizationId = "", testId = "" } = route.useSearch();
  const result = useSsoTestResult(organizationId, testId || null);
  const missing = !organizationId || !testId;

  return (
    <AuthCard
      title={t("integrations.sso.test.title")}
      width={640}
      icon={<IconShieldCheck size={26} stroke={1.6} />}
      subtitle={t("integrations.sso.test.pageSubtitle")}
      footer={<Text size="sm">{t("integrations.sso.test.pageFooter")}</Text>}
    >
      <Stack gap="md">
        {missing ? <Text size="sm">{t("integrations.sso.test.missing")}</Text> : null}
        {result.error ? (
          <LoadError
            error={result.error}
            onRetry={() => void result.refetch()}
            title={t("integrations.sso.test.resultLoadError")}
          />
        ) : null}
        {result.data ? <SsoTestResultView result={result.data} /> : null}
      </Stack>
    </AuthCard>
  );
}
