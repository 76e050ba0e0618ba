import { Anchor, Button, Group, Select, Stack, Text } from "@mantine/core";
import { IconExternalLink, IconPlayerPlay } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import type { SsoConnection, SsoTestStart } from "#shared/contracts/sso.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
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
      title="Test sign-in"
      description="Sign in at your identity provider in a new tab and see what it sends, without signing anyone in here. Use an account of the domain."
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {connections.length > 1 ? (
            <Select
              size="md"
              label="Connection"
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
            Test sign-in
          </Button>
        </Group>
        <ErrorAlert error={start.error} title="The test could not start" />
        {test?.blocked ? (
          <Text size="sm">
            {"Your browser blocked the new tab. "}
            <Anchor href={test.url} target="_blank" rel="noopener">
              Open the sign-in <IconExternalLink size={14} aria-hidden style={{ verticalAlign: "middle" }} />
            </Anchor>
          </Text>
        ) : null}
        <ErrorAlert error={result.error} title="The result could not be loaded" />
        {result.data ? <SsoTestResultView result={result.data} timedOut={timedOut} /> : null}
      </Stack>
    </SectionCard>
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
