import { Anchor, Button, Group, Select, Stack, Text } from "@mantine/core";
import { IconExternalLink, IconPlayerPlay } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import type { SsoConnection, SsoTestStart } from "#shared/contracts/sso.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { SSO_TEST_MAX_MS, useSsoTestResult, useStartSsoTest } from "../api/use-sso.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { SsoTestResultView } from "./sso-test-result.tsx";

interface RunningTest extends SsoTestStart {
  startedAt: number;
  /** The browser blocked the new tab: the person opens the link themselves. */
  blocked: boolean;
}

/** "Test sign-in": the IdP in a new tab, this page asking for the result until it comes (10 minutes at most). */
export function SsoTestCard({ connections }: { connections: SsoConnection[] }) {
  const { organization } = useCurrentOrganization();
  const [connectionId, setConnectionId] = useState(connections[0]?.id ?? "");
  const [test, setTest] = useState<RunningTest | null>(null);
  const start = useStartSsoTest(organization.id, (started) => {
    const tab = window.open(started.url, "_blank");
    setTest({ ...started, startedAt: Date.now(), blocked: tab === null });
  });
  const result = useSsoTestResult(organization.id, test?.testId ?? null, test?.startedAt);
  const timedOut = useTimeout(test?.startedAt ?? null);
  const chosen = connections.find((connection) => connection.id === connectionId) ?? connections[0];

  return (
    <SectionCard
      id="sso-test"
      title={t("integrations.sso.test.title")}
      description={t("integrations.sso.test.description")}
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {connections.length > 1 ? (
            <Select
              size="md"
              label={t("integrations.sso.test.connection")}
              data={connections.map((connection) => ({ value: connection.id, label: connection.domain }))}
              value={chosen?.id ?? null}
              onChange={(value) => value && setConnectionId(value)}
              allowDeselect={false}
            />
          ) : null}
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={start.isPending}
            onClick={() => chosen && start.mutate(chosen.id)}
          >
            {t("integrations.sso.test.start")}
          </Button>
        </Group>
        <ErrorAlert error={start.error} title={t("integrations.sso.test.couldNotStart")} />
        {test?.blocked ? (
          <Text size="sm">
            <T id="integrations.sso.test.blocked" components={{ link: <BlockedTabLink url={test.url} /> }} />
          </Text>
        ) : null}
        <ErrorAlert error={result.error} title={t("integrations.sso.test.resultLoadError")} />
        {result.data ? <SsoTestResultView result={result.data} timedOut={timedOut} /> : null}
      </Stack>
    </SectionCard>
  );
}

/** The test's sign-in link when the browser blocked its tab: the tag's text, then the new-tab icon. */
function BlockedTabLink({ url, children }: { url: string; children?: ReactNode }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener">
      {children} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: "middle" }} />
    </Anchor>
  );
}

/** True once a test started at `startedAt` has waited its 10 minutes. */
function useTimeout(startedAt: number | null): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (startedAt === null) return;
    const timer = window.setTimeout(
      () => setExpired(true),
      Math.max(0, startedAt + SSO_TEST_MAX_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [startedAt]);
  return expired;
}
